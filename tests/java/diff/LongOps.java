/*
 * LongOps -- differential tests for long arithmetic, lcmp, long shifts and
 * int <-> long conversions.
 *
 * Methods:
 *   compare(long,long)             lcmp: <, >, ==
 *   divide(long,long)              ldiv: / by zero, MIN_VALUE / -1
 *   remainder(long,long)           lrem: % by zero, MIN_VALUE % -1, sign of result
 *   shiftLeft(long,int)            lshl with counts >= 64, 32..63 and negative counts
 *   shiftRight(long,int)           lshr with counts >= 64 and negative counts
 *   unsignedShiftRight(long,int)   lushr with counts >= 64 and negative counts
 *   l2i(long)                      l2i truncation
 *   mulOverflow(long,long)         long * overflow
 *   widen(int,int)                 i2l before / after the addition
 *   loop(long)                     loop with a long counter bounded by a symbolic value, cap 4
 *   signExtend(int)                i2l sign extension vs. zero extension via shifts
 *   negate(long)                   lneg, -Long.MIN_VALUE == Long.MIN_VALUE, long return
 */
public class LongOps {

    // DRIVER: LongOps.compare(long,long)
    // EXPECT: paths>=3 return
    public static int compare(long a, long b) {
        if (a < b) {
            return -1;
        }
        if (a > b) {
            return 1;
        }
        return 0;
    }

    // DRIVER: LongOps.divide(long,long)
    // EXPECT: paths>=3 return java.lang.ArithmeticException
    public static long divide(long a, long b) {
        if (b == -1L) {
            long q = a / b;
            if (q < 0 && a < 0) {
                return 99L; // only a == Long.MIN_VALUE
            }
            return q;
        }
        return a / b;
    }

    // DRIVER: LongOps.remainder(long,long)
    // EXPECT: paths>=5 return java.lang.ArithmeticException
    public static int remainder(long a, long b) {
        long r = a % b;
        if (b == -1L && a == Long.MIN_VALUE) {
            return (int) r + 7;
        }
        if (r < 0) {
            return -1;
        }
        if (r > 0) {
            return 1;
        }
        return 0;
    }

    // DRIVER: LongOps.shiftLeft(long,int)
    // EXPECT: paths>=4 return
    public static int shiftLeft(long x, int s) {
        long r = x << s;
        if (s >= 64 && r == x && x != 0) {
            return 1; // count is masked with & 63
        }
        if (s >= 32 && s < 64 && r != 0 && (int) r == 0) {
            return 2; // low word shifted out completely
        }
        if (s < 0 && r < 0) {
            return 3; // x << -1 == x << 63
        }
        return 0;
    }

    // DRIVER: LongOps.shiftRight(long,int)
    // EXPECT: paths>=4 return
    public static int shiftRight(long x, int s) {
        long r = x >> s;
        if (x < 0 && r == -1L) {
            return 1;
        }
        if (s != 0 && r == x && x != 0) {
            return 2;
        }
        if (r == 0L) {
            return 3;
        }
        return 4;
    }

    // DRIVER: LongOps.unsignedShiftRight(long,int)
    // EXPECT: paths>=5 return
    public static int unsignedShiftRight(long x, int s) {
        long r = x >>> s;
        if (x < 0 && r < 0) {
            return 1;
        }
        if (x < 0 && r == 1L) {
            return 2; // s & 63 == 63
        }
        if (x < 0) {
            return 3;
        }
        if (r == x) {
            return 4;
        }
        return 5;
    }

    // DRIVER: LongOps.l2i(long)
    // EXPECT: paths>=4 return
    public static int l2i(long x) {
        int i = (int) x;
        if (i != x) {
            if (i < 0 && x > 0) {
                return 1;
            }
            if (i > 0 && x < 0) {
                return 2;
            }
            return 3;
        }
        return 0;
    }

    // DRIVER: LongOps.mulOverflow(long,long)
    // EXPECT: paths>=3 return
    public static int mulOverflow(long a, long b) {
        long p = a * b;
        if (a > 0 && b > 0 && p <= 0) {
            return 1;
        }
        if (a < 0 && b < 0 && p <= 0) {
            return 2;
        }
        return 0;
    }

    // DRIVER: LongOps.widen(int,int)
    // EXPECT: paths>=3 return
    public static int widen(int a, int b) {
        long s = (long) a + b;
        int t = a + b;
        if (s != t) {
            return s > 0 ? 1 : -1;
        }
        return 0;
    }

    // DRIVER: LongOps.loop(long)
    // EXPECT: paths>=5 return
    public static long loop(long n) {
        long acc = 1;
        for (long i = 0; i < n && i < 4; i++) {
            acc *= 3;
        }
        return acc;
    }

    // DRIVER: LongOps.signExtend(int)
    // EXPECT: paths>=2 return
    public static int signExtend(int x) {
        long r = ((long) x) << 32 >> 32;
        long u = ((long) x) << 32 >>> 32;
        if (r != u) {
            return 1;
        }
        return 0;
    }

    // DRIVER: LongOps.negate(long)
    // EXPECT: paths>=4 return
    public static long negate(long x) {
        long y = -x;
        if (y == x && x != 0) {
            return 1L; // Long.MIN_VALUE
        }
        if (y == x) {
            return 0L;
        }
        if (y > 0) {
            return 2L;
        }
        return 3L;
    }
}
