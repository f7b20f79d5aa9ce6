/*
 * ObjMutate -- field updates through aliases: swapping, reversing, inserting
 * into and removing from short linked lists, making and detecting cycles, a
 * tree rotation, and transfers between accounts that may be the same object.
 * Each driver mutates the input structure and then reads it back.
 */
public class ObjMutate {

    // DRIVER: ObjMutate.swapFirstTwo(ObjNode)
    public static int swapFirstTwo(ObjNode h) {
        if (h == null || h.next == null) {
            return -1;
        }
        ObjNode second = h.next;
        h.next = second.next;
        second.next = h;
        int r = second.val * 10 + second.next.val;
        if (h.next == second) {
            r += 1000;
        }
        return r;
    }

    // DRIVER: ObjMutate.reverse3(ObjNode) --max-heap-depth 3
    public static int reverse3(ObjNode h) {
        ObjNode prev = null;
        ObjNode cur = h;
        int steps = 0;
        while (cur != null && steps < 3) {
            ObjNode nx = cur.next;
            cur.next = prev;
            prev = cur;
            cur = nx;
            steps++;
        }
        int code = steps;
        ObjNode p = prev;
        for (int i = 0; i < 4 && p != null; i++) {
            code = code * 10 + (p.val & 7);
            p = p.next;
        }
        return code;
    }

    // DRIVER: ObjMutate.insertAfterHead(ObjNode,int)
    public static int insertAfterHead(ObjNode h, int v) {
        ObjNode n = new ObjNode();
        n.val = v;
        n.next = h.next;
        h.next = n;
        int c = 0;
        ObjNode p = h;
        while (p != null && c < 5) {
            c++;
            p = p.next;
        }
        return c * 100 + (h.next.val == v ? 1 : 0);
    }

    // DRIVER: ObjMutate.removeSecond(ObjNode)
    public static int removeSecond(ObjNode h) {
        if (h == null) {
            return -1;
        }
        ObjNode s = h.next;
        if (s == null) {
            return 0;
        }
        h.next = s.next;
        s.next = null;
        return h.next == null ? 1 : (h.next == h ? 2 : 3);
    }

    // DRIVER: ObjMutate.makeCycle(ObjNode)
    public static int makeCycle(ObjNode h) {
        if (h == null) {
            return 0;
        }
        ObjNode last = h;
        if (last.next != null) {
            last = last.next;
        }
        last.next = h;
        int sum = 0;
        ObjNode p = h;
        for (int i = 0; i < 5; i++) {
            sum += p.val;
            p = p.next;
        }
        return sum;
    }

    // DRIVER: ObjMutate.hasCycle(ObjNode)
    public static boolean hasCycle(ObjNode h) {
        ObjNode slow = h;
        ObjNode fast = h;
        for (int i = 0; i < 3; i++) {
            if (fast == null || fast.next == null) {
                return false;
            }
            fast = fast.next.next;
            slow = slow.next;
            if (slow == fast) {
                return true;
            }
        }
        return false;
    }

    // DRIVER: ObjMutate.rotateRight(ObjTree)
    public static int rotateRight(ObjTree t) {
        if (t == null || t.left == null) {
            return -1;
        }
        ObjTree l = t.left;
        t.left = l.right;
        l.right = t;
        int r = l.key > t.key ? 1 : 0;
        if (t.left == l) {
            r += 10;
        }
        if (l.right.left == t) {
            r += 100;
        }
        return r;
    }

    // DRIVER: ObjMutate.appendLen(ObjNode,ObjNode)
    public static int appendLen(ObjNode a, ObjNode b) {
        if (a == null) {
            return -1;
        }
        ObjNode t = a;
        if (t.next != null) {
            t = t.next;
        }
        t.next = b;
        int c = 0;
        ObjNode p = a;
        while (p != null && c < 6) {
            c++;
            p = p.next;
        }
        return c;
    }

    // DRIVER: ObjMutate.transfer(ObjAccount,ObjAccount,long)
    public static long transfer(ObjAccount from, ObjAccount to, long amt) {
        if (amt <= 0 || amt > 1000) {
            throw new IllegalArgumentException("amount");
        }
        long total = from.balance + to.balance;
        from.balance -= amt;
        to.balance += amt;
        long after = from.balance + to.balance;
        if (from == to) {
            return after - total;
        }
        return to.balance > from.balance ? 1L : 2L;
    }

    // DRIVER: ObjMutate.incrementAll(ObjNode)
    public static int incrementAll(ObjNode h) {
        ObjNode p = h;
        for (int i = 0; i < 3 && p != null; i++) {
            p.val++;
            p = p.next;
        }
        if (h == null) {
            return 0;
        }
        return h.val;
    }
}
