/**
 * The running example of generalized symbolic execution (Khurshid, Pasareanu and Visser,
 * TACAS 2003): {@code swapNode} on a singly linked list, its receiver a symbolic object.
 */
public class SwapNode {
    int elem;
    SwapNode next;

    SwapNode swapNode() {
        if (next != null) {
            if (elem - next.elem > 0) {
                SwapNode t = next;
                next = t.next;
                t.next = this;
                return t;
            }
        }
        return this;
    }

    /** The driver: the list's head is a symbolic reference (null, or a fresh node). */
    public static int swap(SwapNode n) {
        SwapNode r = n.swapNode();
        return r == n ? r.elem : -r.elem;
    }

    /** The new head itself: the tests check it is the very input object. */
    public static SwapNode head(SwapNode n) {
        return n.swapNode();
    }
}
