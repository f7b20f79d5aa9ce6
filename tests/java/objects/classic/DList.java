/** A doubly linked list whose shape is constrained by {@link #repOK} through an assumption. */
public class DList {
    /** The list's invariant: the head has no predecessor, every successor points back, at most 3 nodes. */
    static boolean repOK(DNode head) {
        if (head == null) {
            return true;
        }
        if (head.prev != null) {
            return false;
        }
        DNode n = head;
        for (int i = 0; i < 3; i++) {
            DNode nx = n.next;
            if (nx == null) {
                return true;
            }
            if (nx.prev != n) {
                return false;
            }
            n = nx;
        }
        return false;
    }

    /** The number of nodes of a well-formed list. */
    public static int size(DNode head) {
        jsymex.Symbolic.assume(repOK(head));
        int s = 0;
        for (DNode n = head; n != null; n = n.next) {
            s++;
        }
        return s;
    }
}
