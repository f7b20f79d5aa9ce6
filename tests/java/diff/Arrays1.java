/*
 * Arrays1 -- differential tests for arrays: symbolic indices on local and
 * parameter arrays (ArrayIndexOutOfBoundsException), negative sizes
 * (NegativeArraySizeException, also for multianewarray), null arrays
 * (NullPointerException), char[] / double[] parameters.
 *
 * Array sizes created from symbolic values are capped so the real JVM never
 * runs out of memory.
 *
 * Methods:
 *   localIndex(int)                symbolic index into a local int[3]
 *   paramIndex(int[],int)          symbolic index into a parameter array
 *   sum(int[])                     loop over a parameter array of length 3
 *   newArray(int)                  newarray with symbolic (capped) size
 *   multiDim(int,int)              multianewarray, negative second dimension
 *   charArray(char[])              char[] parameter comparisons
 *   doubleMax(double[])            double[] parameter, NaN handling, double return
 *   nullArray(int)                 arraylength on a null array
 *   store(int[],int,int)           iastore with a symbolic index into a parameter array
 *   nullField(int)                 array held in a field that may be null
 *   copyLoop(int[],int)            loop reading a parameter array past its end
 *   swapChars(char[])              char[] stores, char return value
 *   doubleIndex(double[],int)      daload with a symbolic index, double return
 */
public class Arrays1 {

    static class Box {
        int[] data;
    }

    // DRIVER: Arrays1.localIndex(int)
    // EXPECT: paths>=3 return java.lang.ArrayIndexOutOfBoundsException
    public static int localIndex(int i) {
        int[] a = {10, 20, 30};
        int v = a[i];
        if (v > 15) {
            return v;
        }
        return -v;
    }

    // DRIVER: Arrays1.paramIndex(int[],int)
    // EXPECT: paths>=3 return java.lang.ArrayIndexOutOfBoundsException
    public static int paramIndex(int[] a, int i) {
        if (a[i] > 0) {
            return a[i];
        }
        return 0;
    }

    // DRIVER: Arrays1.sum(int[]) --array-len 3
    // EXPECT: paths>=8 return
    public static int sum(int[] a) {
        int s = 0;
        for (int k = 0; k < a.length; k++) {
            if (a[k] > 0) {
                s += a[k];
            }
        }
        return s;
    }

    // DRIVER: Arrays1.newArray(int)
    // EXPECT: paths>=4 return java.lang.NegativeArraySizeException
    public static int newArray(int n) {
        if (n > 100) {
            return -2;
        }
        int[] a = new int[n];
        if (n == 0) {
            return -1;
        }
        a[n - 1] = 5;
        return a[0] + a.length;
    }

    // DRIVER: Arrays1.multiDim(int,int)
    // EXPECT: paths>=4 return java.lang.NegativeArraySizeException java.lang.ArrayIndexOutOfBoundsException
    public static int multiDim(int r, int c) {
        if (r > 4 || c > 4) {
            return -1;
        }
        int[][] m = new int[r][c]; // NASE if r < 0 or c < 0 (even when r == 0)
        m[r - 1][c - 1] = 7;
        return m.length * 10 + m[0].length;
    }

    // DRIVER: Arrays1.charArray(char[])
    // EXPECT: paths>=3 return
    public static int charArray(char[] cs) {
        if (cs[0] == cs[1]) {
            return 1;
        }
        if (cs[0] < cs[1]) {
            return 2;
        }
        return 3;
    }

    // DRIVER: Arrays1.doubleMax(double[])
    // EXPECT: paths>=3 return
    public static double doubleMax(double[] ds) {
        double m = ds[0];
        if (ds[1] > m) {
            m = ds[1];
        }
        if (m != m) {
            return -1.0; // ds[0] is NaN
        }
        return m;
    }

    // DRIVER: Arrays1.nullArray(int)
    // EXPECT: paths>=2 return java.lang.NullPointerException
    public static int nullArray(int n) {
        int[] a = (n > 0 && n < 10) ? new int[n] : null;
        return a.length;
    }

    // DRIVER: Arrays1.store(int[],int,int)
    // EXPECT: paths>=4 return java.lang.ArrayIndexOutOfBoundsException
    public static int store(int[] a, int i, int v) {
        a[i] = v;
        if (a[0] == a[1]) {
            return 0;
        }
        return a[0] > a[1] ? 1 : -1;
    }

    // DRIVER: Arrays1.nullField(int)
    // EXPECT: paths>=2 return java.lang.NullPointerException
    public static int nullField(int x) {
        Box b = new Box();
        if (x > 3) {
            b.data = new int[(x & 3) + 1];
        }
        return b.data[0] + b.data.length;
    }

    // DRIVER: Arrays1.copyLoop(int[],int) --array-len 3
    // EXPECT: paths>=5 return java.lang.ArrayIndexOutOfBoundsException
    public static int copyLoop(int[] a, int n) {
        int[] b = new int[4];
        for (int i = 0; i < n && i < 4; i++) {
            b[i] = a[i] * 2; // a has length 3: i == 3 is out of bounds
        }
        return b[0] + b[1] + b[2];
    }

    // DRIVER: Arrays1.swapChars(char[])
    // EXPECT: paths>=2 return
    public static char swapChars(char[] cs) {
        char t = cs[0];
        cs[0] = cs[1];
        cs[1] = t;
        if (cs[0] > cs[1]) {
            return cs[0];
        }
        return cs[1];
    }

    // DRIVER: Arrays1.doubleIndex(double[],int)
    // EXPECT: paths>=3 return java.lang.ArrayIndexOutOfBoundsException
    public static double doubleIndex(double[] ds, int i) {
        double v = ds[i];
        if (v != v) {
            return 0.0;
        }
        return v * 2.0;
    }
}
