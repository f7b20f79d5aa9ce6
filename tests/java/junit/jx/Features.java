/*
 * Features -- drivers for the JUnit round trip (tests/junit_roundtrip.rs): every kind of
 * literal and oracle the JUnit writer emits. Each DRIVER line below is one jsymex run
 * (--junit), optionally with extra arguments; the generated suites must compile without javac
 * warnings and pass on the real JVM.
 */
package jx;

public class Features {
    private int base = 3;
    static int count;

    /** Not nameable from a test: the test catches Throwable and checks the class name. */
    private static class Secret extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Secret(String message) {
            super(message);
        }
    }

    /** A checked exception. */
    public static class Checked extends Exception {
        private static final long serialVersionUID = 1L;

        public Checked(String message) {
            super(message);
        }
    }

    // DRIVER: jx.Features.greet(int)
    public static String greet(int x) {
        if (x > 5) {
            System.out.println("big " + (x > 100));
            return "big\t\"" + (x > 100) + "\"\n";
        }
        if (x < -5) {
            System.err.println("small");
            return null;
        }
        return "\u00e9\\'";
    }

    // DRIVER: jx.Features.floats(float,double)
    public static float floats(float f, double d) {
        if (f != f) {
            return -0.0f;
        }
        if (d > 1e300) {
            return Float.NaN;
        }
        if (f > 0.1f) {
            return f / 3;
        }
        return (float) d;
    }

    // DRIVER: jx.Features.dbl(double,int)
    public static double dbl(double d, int k) {
        if (k == 1) {
            return d / 0.0;
        }
        if (k == 2) {
            return 1.0 / 3;
        }
        if (d < 0) {
            return Double.MIN_VALUE;
        }
        return -d;
    }

    // DRIVER: jx.Features.small(byte,short,char)
    public static long small(byte b, short s, char c) {
        if (b < 0 && s > 100) {
            return Long.MIN_VALUE;
        }
        if (c == '\'') {
            return c;
        }
        return (long) b * s;
    }

    // DRIVER: jx.Features.narrow(int)
    public static byte narrow(int x) {
        if (x > 1000) {
            return (byte) x;
        }
        return (byte) -x;
    }

    // DRIVER: jx.Features.chars(char)
    public static char chars(char c) {
        if (c == '\n') {
            return '\\';
        }
        if (c > 'z') {
            return '\u0000';
        }
        if (c == '"') {
            return '\'';
        }
        return c;
    }

    // DRIVER: jx.Features.ints(int)
    public static int[] ints(int n) {
        if (n == 1) {
            return new int[] {1, Integer.MIN_VALUE};
        }
        if (n == 2) {
            return null;
        }
        return new int[0];
    }

    // DRIVER: jx.Features.doubles(int)
    public static double[] doubles(int n) {
        if (n > 0) {
            return new double[] {-0.0, Double.NaN, 0.1};
        }
        return new double[] {1.0 / 3};
    }

    // DRIVER: jx.Features.floatArray(boolean)
    public static float[] floatArray(boolean b) {
        return b ? new float[] {-0.0f, Float.NaN} : new float[] {0.1f};
    }

    // DRIVER: jx.Features.strings(boolean)
    public static String[] strings(boolean b) {
        return b ? new String[] {"a\n", null} : new String[0];
    }

    // DRIVER: jx.Features.grid(int)
    public static int[][] grid(int n) {
        return n > 0 ? new int[][] {{1, 2}, {3}} : new int[][] {{}};
    }

    // DRIVER: jx.Features.object(int)
    public static Object object(int n) {
        if (n > 0) {
            return new Features();
        }
        if (n < 0) {
            return null;
        }
        return new Object();
    }

    // DRIVER: jx.Features.secret(int)
    public static int secret(int x) {
        if (x == 7) {
            throw new Secret("seven");
        }
        if (x == 8) {
            throw new IllegalStateException("eight");
        }
        if (x == 9) {
            throw new Secret(null);
        }
        return x;
    }

    // DRIVER: jx.Features.checked(int)
    public static int checked(int x) throws Checked {
        if (x == 1) {
            throw new Checked("one");
        }
        if (x == 2) {
            throw new Checked(null);
        }
        return 0;
    }

    // DRIVER: jx.Features.instance(int)
    public int instance(int x) {
        base += x;
        if (base > 10) {
            return base;
        }
        return -base;
    }

    // DRIVER: jx.Features.counter(int)
    public static int counter(int x) {
        count++;
        if (x > 0) {
            return count;
        }
        return -count;
    }

    // DRIVER: jx.Features.arrayArg(long[],boolean[])
    public static int arrayArg(long[] a, boolean[] b) {
        if (b[0] && a[1] == Long.MIN_VALUE) {
            return 1;
        }
        return 0;
    }

    // DRIVER: jx.Features.printAndThrow(int)
    public static void printAndThrow(int x) {
        System.out.print("before");
        if (x > 0) {
            throw new IllegalArgumentException("bad x");
        }
        System.out.println(" after");
    }

    // DRIVER: jx.Features.nullArg(int[],int) --symbolic con#sym
    public static int nullArg(int[] a, int x) {
        if (a == null && x > 3) {
            return 1;
        }
        return 0;
    }

    /** Deprecated: the suite suppresses javac's deprecation warning for its calls. */
    // DRIVER: jx.Features.old(int)
    @Deprecated
    public static int old(int x) {
        return x > 0 ? 1 : 0;
    }

    // DRIVER: jx.Features.text(java.lang.String,java.lang.String[]) --string-len 2
    public static int text(String s, String[] words) {
        if (s.length() > 0 && s.charAt(0) == '"') {
            return 1;
        }
        if (words[0].equals("\n\\")) {
            return 2;
        }
        return 0;
    }
}
