/*
 * ObjInherit -- instance fields of a superclass: a symbolic ObjBase may be an
 * ObjBase or an ObjDerived (which shadows field x and overrides getX/sum);
 * inherited fields, field shadowing through static types, super calls,
 * downcasts that may fail, and aliasing between a base and a derived
 * reference.
 */
public class ObjInherit {

    // DRIVER: ObjInherit.shadowRead(ObjBase)
    public static int shadowRead(ObjBase b) {
        if (b.x == b.getX()) {
            return 0;
        }
        return b.x < b.getX() ? 1 : 2;
    }

    // DRIVER: ObjInherit.shadowWrite(ObjDerived)
    public static int shadowWrite(ObjDerived d) {
        d.x = 1;
        ((ObjBase) d).x = 2;
        return d.x * 100 + ((ObjBase) d).x * 10 + d.baseX();
    }

    // DRIVER: ObjInherit.superSum(ObjBase)
    public static int superSum(ObjBase b) {
        int s = b.sum();
        if (s > 10) {
            return 1;
        }
        return b instanceof ObjDerived ? 2 : 3;
    }

    // DRIVER: ObjInherit.inheritedY(ObjDerived)
    public static int inheritedY(ObjDerived d) {
        d.y = d.z + 1;
        ObjBase b = d;
        return b.y == d.z + 1 ? b.y : -1;
    }

    // DRIVER: ObjInherit.castDown(ObjBase)
    public static int castDown(ObjBase b) {
        ObjDerived d = (ObjDerived) b;
        return d == null ? -1 : d.z;
    }

    // DRIVER: ObjInherit.baseAlias(ObjBase,ObjDerived)
    public static int baseAlias(ObjBase a, ObjDerived d) {
        a.x = 5;
        d.x = 7;
        if ((Object) a == d) {
            return a.x * 10 + a.getX();
        }
        return a.x + d.x;
    }

    // DRIVER: ObjInherit.tagOf(ObjBase)
    public static String tagOf(ObjBase b) {
        String t = b.tag;
        if (t == null) {
            return b instanceof ObjDerived ? "derived" : "base";
        }
        return t.length() == 3 ? t : "long";
    }

    // DRIVER: ObjInherit.peerX(ObjBase)
    public static int peerX(ObjBase b) {
        ObjBase p = b.peer;
        if (p == null) {
            return 0;
        }
        if (p == b) {
            return 1;
        }
        return p.getX() > b.getX() ? 2 : 3;
    }

    // DRIVER: ObjInherit.animalAge(ObjAnimal)
    public static int animalAge(ObjAnimal a) {
        a.age = a.age + 1;
        if (a instanceof ObjBird && ((ObjBird) a).flies) {
            return a.age * 2;
        }
        return a.age;
    }
}
