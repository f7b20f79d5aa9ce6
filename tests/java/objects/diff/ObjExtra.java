/*
 * ObjExtra -- combinations: aliasing across declared types (interface vs
 * implementation, abstract class vs subclass), trees under a smaller heap
 * depth, the --max-objects bound, writes into array / boxed / String fields
 * read back through an alias, and a parameter of declared type Object.
 */
public class ObjExtra {

    // DRIVER: ObjExtra.crossTypeAlias(ObjShape,ObjSquare)
    public static int crossTypeAlias(ObjShape s, ObjSquare q) {
        if (s == null || q == null) {
            return -1;
        }
        q.s = 5;
        return s.area();
    }

    // DRIVER: ObjExtra.treeSum(ObjTree) --max-heap-depth 2
    public static int treeSum(ObjTree t) {
        if (t == null) {
            return 0;
        }
        int s = t.key;
        if (t.left != null) {
            s += t.left.key;
        }
        if (t.right != null && t.right != t.left) {
            s += t.right.key;
        }
        return s > 0 ? 1 : (s < 0 ? -1 : 0);
    }

    // DRIVER: ObjExtra.lenCapped(ObjNode) --max-objects 2
    public static int lenCapped(ObjNode n) {
        int c = 0;
        while (n != null && c < 4) {
            c++;
            n = n.next;
        }
        return c;
    }

    // DRIVER: ObjExtra.sharedArray(ObjRecord,ObjRecord)
    public static int sharedArray(ObjRecord a, ObjRecord b) {
        if (a.data == null || b.data == null) {
            return -1;
        }
        a.data[0] = 9;
        b.data[1] = 4;
        return a.data[0] * 10 + a.data[1] - b.data[1];
    }

    // DRIVER: ObjExtra.animalAlias(ObjAnimal,ObjDog)
    public static int animalAlias(ObjAnimal a, ObjDog d) {
        d.age = 3;
        a.age = a.age + 1;
        return d.age * 10 + a.legs();
    }

    // DRIVER: ObjExtra.backLink(ObjAccount)
    public static int backLink(ObjAccount a) {
        ObjAccount l = a.linked;
        if (l == null) {
            return 0;
        }
        if (l == a) {
            return 1;
        }
        return l.linked == a ? 2 : 3;
    }

    // DRIVER: ObjExtra.bumpCount(ObjRecord)
    public static int bumpCount(ObjRecord r) {
        r.count = r.count + 1;
        Integer c = r.count;
        return c.intValue() == 0 ? 100 : c.intValue() & 3;
    }

    // DRIVER: ObjExtra.swapOwners(ObjAccount,ObjAccount)
    public static String swapOwners(ObjAccount a, ObjAccount b) {
        String t = a.owner;
        a.owner = b.owner;
        b.owner = t;
        if (a.owner == null) {
            return "null";
        }
        return a.owner.equals(t) ? "same" : "swapped";
    }

    // DRIVER: ObjExtra.objectKind(java.lang.Object) --max-heap-depth 1
    public static int objectKind(Object o) {
        if (o == null) {
            return 0;
        }
        if (o instanceof ObjShape) {
            return 1;
        }
        if (o instanceof ObjNode) {
            return 2;
        }
        return 3;
    }

    // DRIVER: ObjExtra.sameShape(ObjShapeBox,ObjShapeBox)
    public static int sameShape(ObjShapeBox a, ObjShapeBox b) {
        if (a == b) {
            return 0;
        }
        ObjShape x = a.shape;
        ObjShape y = b.shape;
        if (x == y) {
            return x == null ? 1 : 2;
        }
        return (x instanceof ObjCircle) == (y instanceof ObjCircle) ? 3 : 4;
    }

    // DRIVER: ObjExtra.squareUp(ObjShape)
    public static int squareUp(ObjShape s) {
        if (s instanceof ObjRect) {
            ObjRect r = (ObjRect) s;
            r.w = r.h;
        }
        int a = s.area();
        return a == 9 ? 1 : (a > 9 ? 2 : 3);
    }

    // DRIVER: ObjExtra.historyCopy(ObjAccount,ObjAccount) --array-len 1
    public static int historyCopy(ObjAccount a, ObjAccount b) {
        if (a.history == null) {
            return -1;
        }
        b.history = a.history;
        b.history[0] = 42;
        return a.history[0];
    }

    // DRIVER: ObjExtra.className(ObjShape)
    public static String className(ObjShape s) {
        if (s == null) {
            return "null";
        }
        return s.getClass().getName();
    }

    // DRIVER: ObjExtra.boxedLong(java.lang.Long,long)
    public static int boxedLong(Long a, long b) {
        long x = a;
        if (x == b) {
            return 0;
        }
        return x < b ? -1 : 1;
    }

    // DRIVER: ObjExtra.boxedFlags(java.lang.Boolean,java.lang.Character)
    public static int boxedFlags(Boolean f, Character c) {
        int r = 0;
        if (f != null && f.booleanValue()) {
            r += 1;
        }
        if (c != null && c.charValue() == 'x') {
            r += 2;
        }
        return r;
    }

    // DRIVER: ObjExtra.hashSame(ObjPoint,ObjPoint)
    public static boolean hashSame(ObjPoint p, ObjPoint q) {
        if (p.equals(q)) {
            return p.hashCode() == q.hashCode();
        }
        return p.hashCode() == q.hashCode() && p.x == q.x;
    }
}
