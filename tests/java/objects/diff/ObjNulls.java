/*
 * ObjNulls -- null checks on symbolic reference inputs: explicit null tests,
 * NullPointerException on dereference of a null parameter or field, null
 * String / array / boxed fields.
 */
public class ObjNulls {

    // DRIVER: ObjNulls.lenUpTo3(ObjNode)
    public static int lenUpTo3(ObjNode n) {
        int c = 0;
        while (n != null && c < 3) {
            c++;
            n = n.next;
        }
        return c;
    }

    // DRIVER: ObjNulls.derefNext(ObjNode)
    public static int derefNext(ObjNode n) {
        return n.next.val;
    }

    // DRIVER: ObjNulls.ownerOrDefault(ObjAccount)
    public static String ownerOrDefault(ObjAccount a) {
        if (a == null) {
            return "none";
        }
        if (a.owner == null) {
            return "anon";
        }
        return a.owner;
    }

    // DRIVER: ObjNulls.leafKind(ObjTree)
    public static int leafKind(ObjTree t) {
        if (t == null) {
            return 0;
        }
        if (t.left == null && t.right == null) {
            return 1;
        }
        if (t.left == null) {
            return 2;
        }
        if (t.right == null) {
            return 3;
        }
        return 4;
    }

    // DRIVER: ObjNulls.catchNpe(ObjPair)
    public static int catchNpe(ObjPair p) {
        try {
            return p.left.next.val;
        } catch (NullPointerException e) {
            return -1;
        }
    }

    // DRIVER: ObjNulls.requireArg(ObjBox)
    public static int requireArg(ObjBox b) {
        if (b == null) {
            throw new IllegalArgumentException("box is null");
        }
        if (b.other == null) {
            throw new IllegalStateException("no other");
        }
        return b.v + b.other.v;
    }

    // DRIVER: ObjNulls.dataLen(ObjRecord)
    public static int dataLen(ObjRecord r) {
        if (r.data == null) {
            return -1;
        }
        return r.data.length;
    }

    // DRIVER: ObjNulls.bothNull(ObjNode,ObjNode)
    public static boolean bothNull(ObjNode a, ObjNode b) {
        return a == null && b == null;
    }

    // DRIVER: ObjNulls.ownerEquals(ObjAccount,ObjAccount)
    public static boolean ownerEquals(ObjAccount a, ObjAccount b) {
        String x = a.owner;
        String y = b.owner;
        if (x == null) {
            return y == null;
        }
        return x.equals(y);
    }

    // DRIVER: ObjNulls.secondVal(ObjNode)
    public static int secondVal(ObjNode n) {
        if (n != null && n.next != null) {
            return n.next.val;
        }
        return n.val;
    }

    // DRIVER: ObjNulls.shapeArea(ObjShapeBox)
    public static int shapeArea(ObjShapeBox b) {
        if (b.shape == null) {
            return 0;
        }
        return b.shape.sides();
    }
}
