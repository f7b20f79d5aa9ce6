/*
 * ObjAlias -- aliasing between symbolic reference inputs: two parameters or
 * two fields that may be the same object, writes through one reference read
 * back through the other, and reference comparisons (==).
 */
public class ObjAlias {

    // DRIVER: ObjAlias.sameNext(ObjNode,ObjNode)
    public static int sameNext(ObjNode a, ObjNode b) {
        if (a == null || b == null) {
            return -1;
        }
        if (a.next == b.next) {
            return a.next == null ? 0 : 1;
        }
        return 2;
    }

    // DRIVER: ObjAlias.writeThrough(ObjNode,ObjNode)
    public static int writeThrough(ObjNode a, ObjNode b) {
        if (a == null || b == null) {
            return -1;
        }
        int before = b.val;
        a.val = before + 1;
        if (b.val == before) {
            return 0;
        }
        return 1;
    }

    // DRIVER: ObjAlias.boxSwap(ObjBox,ObjBox)
    public static int boxSwap(ObjBox x, ObjBox y) {
        int t = x.v;
        x.v = y.v;
        y.v = t;
        if (x == y) {
            return 100;
        }
        return x.v > y.v ? 1 : 2;
    }

    // DRIVER: ObjAlias.selfLoop(ObjNode)
    public static int selfLoop(ObjNode n) {
        if (n == null) {
            return -1;
        }
        ObjNode m = n.next;
        if (m == n) {
            return 1;
        }
        if (m != null && m.next == n) {
            return 2;
        }
        if (m != null && m.next == m) {
            return 3;
        }
        return 0;
    }

    // DRIVER: ObjAlias.pairShared(ObjPair)
    public static int pairShared(ObjPair p) {
        if (p == null) {
            return -1;
        }
        ObjNode l = p.left;
        ObjNode r = p.right;
        if (l == null || r == null) {
            return 0;
        }
        l.val = 10;
        r.val = 20;
        return l.val + (l == r ? 100 : 0);
    }

    // DRIVER: ObjAlias.threeWay(ObjBox,ObjBox,ObjBox)
    public static int threeWay(ObjBox a, ObjBox b, ObjBox c) {
        a.v = 1;
        b.v = 2;
        c.v = 3;
        return a.v * 100 + b.v * 10 + c.v;
    }

    // DRIVER: ObjAlias.countDistinct(ObjNode,ObjNode,ObjNode)
    public static int countDistinct(ObjNode a, ObjNode b, ObjNode c) {
        int n = 0;
        if (a != null) {
            n++;
        }
        if (b != null && b != a) {
            n++;
        }
        if (c != null && c != a && c != b) {
            n++;
        }
        return n;
    }

    // DRIVER: ObjAlias.otherChain(ObjBox)
    public static int otherChain(ObjBox b) {
        if (b == null) {
            return -1;
        }
        ObjBox o = b.other;
        if (o == null) {
            return b.v;
        }
        o.v = b.v + 1;
        return b.v - o.v;
    }

    // DRIVER: ObjAlias.pointEquals(ObjPoint,ObjPoint)
    public static String pointEquals(ObjPoint p, ObjPoint q) {
        if (p == null) {
            return "null";
        }
        if (p == q) {
            return "same";
        }
        if (p.equals(q)) {
            return "equal";
        }
        return "different";
    }

    // DRIVER: ObjAlias.linkedBalance(ObjAccount,ObjAccount)
    public static long linkedBalance(ObjAccount a, ObjAccount b) {
        if (a == null || b == null) {
            return -1L;
        }
        a.balance = 50L;
        b.balance = b.balance + 7L;
        if (a.linked == b) {
            return a.linked.balance;
        }
        return a.balance;
    }

    // DRIVER: ObjAlias.aliasToField(ObjNode,ObjPair)
    public static int aliasToField(ObjNode n, ObjPair p) {
        if (n == null || p == null || p.left == null) {
            return -1;
        }
        n.val = 7;
        p.left.val = 3;
        if (n == p.left) {
            return n.val;
        }
        return n.val + p.left.val;
    }
}
