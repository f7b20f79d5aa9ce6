/*
 * ObjPoly -- polymorphic dispatch on symbolic receivers: an interface
 * (ObjShape: ObjCircle, ObjSquare, ObjRect) and an abstract class (ObjAnimal:
 * ObjDog, ObjBird), virtual and interface calls, a default method,
 * instanceof, and casts that may fail with ClassCastException.
 */
public class ObjPoly {

    // DRIVER: ObjPoly.sides(ObjShape)
    public static int sides(ObjShape s) {
        return s.sides();
    }

    // DRIVER: ObjPoly.bigArea(ObjShape)
    public static boolean bigArea(ObjShape s) {
        if (s == null) {
            return false;
        }
        return s.area() > 12;
    }

    // DRIVER: ObjPoly.castSquare(ObjShape)
    public static int castSquare(ObjShape s) {
        ObjSquare q = (ObjSquare) s;
        if (q == null) {
            return -1;
        }
        return q.s;
    }

    // DRIVER: ObjPoly.kindChar(ObjShape)
    public static char kindChar(ObjShape s) {
        if (s instanceof ObjCircle) {
            return 'c';
        } else if (s instanceof ObjSquare) {
            return 's';
        } else if (s instanceof ObjRect) {
            return 'r';
        }
        return '?';
    }

    // DRIVER: ObjPoly.sameKind(ObjShape,ObjShape)
    public static int sameKind(ObjShape a, ObjShape b) {
        if (a == null || b == null) {
            return -1;
        }
        if (a == b) {
            return 2;
        }
        return a.getClass() == b.getClass() ? 1 : 0;
    }

    // DRIVER: ObjPoly.describe(ObjShape)
    public static String describe(ObjShape s) {
        if (s == null) {
            return "none";
        }
        return s.describe();
    }

    // DRIVER: ObjPoly.larger(ObjShape,ObjShape)
    public static int larger(ObjShape a, ObjShape b) {
        int x = a.area();
        int y = b.area();
        if (x > y) {
            return 1;
        }
        if (x < y) {
            return -1;
        }
        return 0;
    }

    // DRIVER: ObjPoly.boxedShape(ObjShapeBox)
    public static int boxedShape(ObjShapeBox b) {
        if (b == null || b.shape == null) {
            return 0;
        }
        ObjShape s = b.shape;
        if (s instanceof ObjRect) {
            ObjRect r = (ObjRect) s;
            return r.w == r.h ? 1 : 2;
        }
        return s.sides() + b.scale > 4 ? 3 : 4;
    }

    // DRIVER: ObjPoly.animalLegs(ObjAnimal)
    public static int animalLegs(ObjAnimal a) {
        if (a == null) {
            return 0;
        }
        if (a.age > 5) {
            return a.legs() * 10;
        }
        return a.legs();
    }

    // DRIVER: ObjPoly.speak(ObjAnimal)
    public static String speak(ObjAnimal a) {
        return a.sound() + a.lifespan();
    }

    // DRIVER: ObjPoly.dogWeight(ObjAnimal)
    public static int dogWeight(ObjAnimal a) {
        ObjDog d = (ObjDog) a;
        return d.weight > 30 ? 1 : 0;
    }

    // DRIVER: ObjPoly.pairKinds(ObjAnimal,ObjShape)
    public static int pairKinds(ObjAnimal a, ObjShape s) {
        int k = 0;
        if (a instanceof ObjBird) {
            k += 1;
        }
        if (s instanceof ObjCircle) {
            k += 2;
        }
        if (a != null && s != null && a.legs() == s.sides()) {
            k += 4;
        }
        return k;
    }
}
