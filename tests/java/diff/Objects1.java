/*
 * Objects1 -- differential tests for objects: virtual dispatch over a small
 * class hierarchy (incl. super calls), an interface with two implementations
 * and a default method, instanceof / checkcast (ClassCastException, null
 * passes checkcast), null field dereference (NullPointerException), object
 * arrays with a symbolic index, and static initialisation order (cyclic static
 * initialisers triggered in an input-dependent order, and a static
 * initialiser that fails with ExceptionInInitializerError).
 *
 * Methods:
 *   dispatch(int,int)            invokevirtual on Shape/Square/Rect/Cube chosen by k
 *   iface(boolean,int)           invokeinterface on Inc/Dbl chosen by a boolean
 *   defaultMethod(boolean,int)   interface default method calling the abstract one
 *   castCheck(int)               checkcast Rect -> Square throws ClassCastException
 *   castNull(int)                checkcast of null succeeds
 *   instanceOf(int)              instanceof on Shape subclasses, int[] and null
 *   nullField(int)               getfield through a field that may be null
 *   linkedList(int)              builds and walks a list, loop capped at 4
 *   staticInitOrder(boolean)     two classes with mutually dependent <clinit>
 *   staticInit3(int)             three classes with a cyclic <clinit> chain
 *   initFailure(int)             <clinit> dividing by an input-dependent static field
 *   equalsIdentity(int,int)      Object.equals (identity)
 *   polyArray(int,int)           symbolic index into a Shape[], then dispatch
 */
public class Objects1 {

    static class Shape {
        int w;

        Shape(int w) {
            this.w = w;
        }

        int area() {
            return w;
        }

        int kind() {
            return 0;
        }
    }

    static class Square extends Shape {
        Square(int w) {
            super(w);
        }

        @Override
        int area() {
            return w * w;
        }

        @Override
        int kind() {
            return 1;
        }
    }

    static class Rect extends Shape {
        int h;

        Rect(int w, int h) {
            super(w);
            this.h = h;
        }

        @Override
        int area() {
            return w * h;
        }

        @Override
        int kind() {
            return 2 + super.kind();
        }
    }

    static class Cube extends Square {
        Cube(int w) {
            super(w);
        }

        @Override
        int area() {
            return 6 * super.area();
        }

        @Override
        int kind() {
            return 3;
        }
    }

    interface Op {
        int apply(int x);

        default int twice(int x) {
            return apply(apply(x));
        }
    }

    static class Inc implements Op {
        public int apply(int x) {
            return x + 1;
        }
    }

    static class Dbl implements Op {
        public int apply(int x) {
            return x * 2;
        }
    }

    static class Node {
        int val;
        Node next;
    }

    // Static initialisation order: A.x and B.y depend on each other.
    static class InitA {
        static int x = InitB.y + 1;
    }

    static class InitB {
        static int y = InitA.x + 10;
    }

    // Three-class cycle C -> D -> E -> C.
    static class InitC {
        static int v = InitD.v * 2 + 1;
    }

    static class InitD {
        static int v = InitE.v + 3;
    }

    static class InitE {
        static int v = InitC.v + 5;
    }

    static class Holder {
        static int divisor;
    }

    static class Faulty {
        static int value = 100 / Holder.divisor;
    }

    // DRIVER: Objects1.dispatch(int,int)
    // EXPECT: paths>=8 return
    public static int dispatch(int k, int x) {
        Shape s;
        if (k == 0) {
            s = new Square(x);
        } else if (k == 1) {
            s = new Rect(x, 3);
        } else if (k == 2) {
            s = new Cube(x);
        } else {
            s = new Shape(x);
        }
        int a = s.area();
        if (a > 50) {
            return s.kind() * 1000 + 1;
        }
        return s.kind();
    }

    // DRIVER: Objects1.iface(boolean,int)
    // EXPECT: paths>=6 return
    public static int iface(boolean which, int x) {
        Op op = which ? new Inc() : new Dbl();
        int r = op.apply(x);
        if (r > 100) {
            return 1;
        }
        if (r < 0) {
            return -1;
        }
        return 0;
    }

    // DRIVER: Objects1.defaultMethod(boolean,int)
    // EXPECT: paths>=4 return
    public static int defaultMethod(boolean which, int x) {
        Op op = which ? new Inc() : new Dbl();
        int r = op.twice(x);
        return r > 10 ? 1 : 0;
    }

    // DRIVER: Objects1.castCheck(int)
    // EXPECT: paths>=2 return java.lang.ClassCastException
    public static int castCheck(int k) {
        Shape s = k > 0 ? new Square(k) : new Rect(k, 1);
        Square q = (Square) s;
        return q.area();
    }

    // DRIVER: Objects1.castNull(int)
    // EXPECT: paths>=2 return java.lang.ClassCastException
    public static int castNull(int k) {
        Object o = k > 0 ? null : (Object) new Rect(1, 1);
        Square s = (Square) o;
        return s == null ? 1 : 2;
    }

    // DRIVER: Objects1.instanceOf(int)
    // EXPECT: paths>=5 return
    public static int instanceOf(int k) {
        Object o;
        if (k == 0) {
            o = new Square(1);
        } else if (k == 1) {
            o = new Cube(1);
        } else if (k == 2) {
            o = new Rect(1, 1);
        } else if (k == 3) {
            o = new int[1];
        } else {
            o = null;
        }
        int r = 0;
        if (o instanceof Shape) {
            r += 1;
        }
        if (o instanceof Square) {
            r += 10;
        }
        if (o instanceof Cube) {
            r += 100;
        }
        if (o instanceof int[]) {
            r += 1000;
        }
        return r;
    }

    // DRIVER: Objects1.nullField(int)
    // EXPECT: paths>=2 return java.lang.NullPointerException
    public static int nullField(int n) {
        Node a = new Node();
        a.val = n;
        if (n > 5) {
            a.next = new Node();
            a.next.val = n * 2;
        }
        return a.next.val + a.val;
    }

    // DRIVER: Objects1.linkedList(int)
    // EXPECT: paths>=5 return
    public static int linkedList(int n) {
        Node head = null;
        for (int i = 0; i < n && i < 4; i++) {
            Node x = new Node();
            x.val = i;
            x.next = head;
            head = x;
        }
        int s = 0;
        while (head != null) {
            s += head.val + 1;
            head = head.next;
        }
        return s;
    }

    // DRIVER: Objects1.staticInitOrder(boolean)
    // EXPECT: paths>=2 return
    public static int staticInitOrder(boolean aFirst) {
        if (aFirst) {
            int x = InitA.x; // A starts, B runs while A is in progress (sees A.x == 0)
            return x * 100 + InitB.y;
        }
        int y = InitB.y; // B starts, A runs while B is in progress (sees B.y == 0)
        return InitA.x * 100 + y;
    }

    // DRIVER: Objects1.staticInit3(int)
    // EXPECT: paths>=3 return
    public static int staticInit3(int k) {
        int first;
        if (k == 0) {
            first = InitC.v;
        } else if (k == 1) {
            first = InitD.v;
        } else {
            first = InitE.v;
        }
        return first * 1000000 + InitC.v * 10000 + InitD.v * 100 + InitE.v;
    }

    // DRIVER: Objects1.initFailure(int)
    // EXPECT: paths>=2 return java.lang.ExceptionInInitializerError
    public static int initFailure(int x) {
        Holder.divisor = x;
        return Faulty.value; // <clinit> throws ArithmeticException when x == 0
    }

    // DRIVER: Objects1.equalsIdentity(int,int)
    // EXPECT: paths>=2 return
    public static boolean equalsIdentity(int a, int b) {
        Object x = new Object();
        Object y = a == b ? x : new Object();
        return x.equals(y);
    }

    // DRIVER: Objects1.polyArray(int,int)
    // EXPECT: paths>=4 return java.lang.ArrayIndexOutOfBoundsException
    public static int polyArray(int k, int x) {
        Shape[] arr = {new Shape(x), new Square(x), new Rect(x, 2)};
        return arr[k].kind();
    }
}
