/*
 * FloatOps -- differential tests for float / double semantics: NaN and -0.0
 * comparisons (fcmpl/fcmpg/dcmpl/dcmpg), casts between floating point and
 * integral types (NaN -> 0, saturation), precision loss, float <-> double,
 * division by zero and drem/frem.
 *
 * Only language operators are used; Double.POSITIVE_INFINITY, Integer.MAX_VALUE
 * etc. are compile-time constants that javac inlines.
 *
 * Methods:
 *   classify(double)            <, ==, >, != against 0.0 and NaN self-compare
 *   negZero(double)             -0.0 == 0.0, told apart via 1.0 / d
 *   negate(double)              dneg on 0.0 / -0.0 / NaN, double return
 *   d2i(double)                 d2i: NaN -> 0, saturation at MIN/MAX_VALUE
 *   d2l(double)                 d2l: NaN -> 0, saturation, long return
 *   f2i(float)                  f2i: NaN -> 0, saturation, float parameter
 *   floatCompare(float,float)   fcmpl/fcmpg with NaN (unordered)
 *   floatToDouble(float)        f2d, NaN != NaN after widening, double return
 *   i2fPrecision(int)           i2f rounding (|x| > 2^24), f2i round trip
 *   l2dPrecision(long)          l2d rounding (|x| > 2^53), d2l round trip
 *   divZero(double,double)      x / 0.0 -> +-Infinity or NaN, 0 / x -> +-0.0
 *   fmod(double,double)         drem: sign follows dividend, % 0.0 -> NaN
 *   d2f(double)                 d2f overflow to Infinity, underflow to 0
 *   mixed(float,double)         float widened for comparison with a double
 *   floatMul(float,float)       float multiplication rounding, double return
 */
public class FloatOps {

    // DRIVER: FloatOps.classify(double)
    // EXPECT: paths>=4 return
    public static int classify(double d) {
        int r = 0;
        if (d < 0.0) {
            r |= 1;
        }
        if (d == 0.0) {
            r |= 2;
        }
        if (d > 0.0) {
            r |= 4;
        }
        if (d != d) {
            r |= 8;
        }
        return r;
    }

    // DRIVER: FloatOps.negZero(double)
    // EXPECT: paths>=3 return
    public static int negZero(double d) {
        if (d == 0.0) {
            if (1.0 / d < 0.0) {
                return -1; // d is -0.0
            }
            return 1;
        }
        return 0;
    }

    // DRIVER: FloatOps.negate(double)
    // EXPECT: paths>=3 return
    public static double negate(double d) {
        if (d == 0.0) {
            return -d;
        }
        if (d != d) {
            return d;
        }
        return d * -1.0;
    }

    // DRIVER: FloatOps.d2i(double)
    // EXPECT: paths>=4 return
    public static int d2i(double d) {
        int i = (int) d;
        if (d != d) {
            return i; // NaN -> 0
        }
        if (i == Integer.MAX_VALUE) {
            return 1;
        }
        if (i == Integer.MIN_VALUE) {
            return 2;
        }
        if (i == 0 && d != 0.0) {
            return 3; // truncation toward zero
        }
        return 0;
    }

    // DRIVER: FloatOps.d2l(double)
    // EXPECT: paths>=4 return
    public static long d2l(double d) {
        long l = (long) d;
        if (d != d) {
            return l; // NaN -> 0
        }
        if (l == Long.MAX_VALUE) {
            return 1L;
        }
        if (l == Long.MIN_VALUE) {
            return 2L;
        }
        if (l == 0L && d != 0.0) {
            return 3L;
        }
        return 4L;
    }

    // DRIVER: FloatOps.f2i(float)
    // EXPECT: paths>=4 return
    public static int f2i(float f) {
        int i = (int) f;
        if (f != f) {
            return i; // NaN -> 0
        }
        if (i == Integer.MAX_VALUE) {
            return 1;
        }
        if (i == Integer.MIN_VALUE) {
            return 2;
        }
        if (f > 16777216.0f) {
            return 3;
        }
        return 4;
    }

    // DRIVER: FloatOps.floatCompare(float,float)
    // EXPECT: paths>=4 return
    public static int floatCompare(float a, float b) {
        if (a < b) {
            return -1;
        }
        if (a > b) {
            return 1;
        }
        if (a == b) {
            return 0;
        }
        return 2; // unordered: at least one NaN
    }

    // DRIVER: FloatOps.floatToDouble(float)
    // EXPECT: paths>=3 return
    public static double floatToDouble(float f) {
        double d = f;
        if (d != f) {
            return -1.0; // only NaN
        }
        if (f > 1.0e30f) {
            return d * 1.0e10;
        }
        return d + 0.5;
    }

    // DRIVER: FloatOps.i2fPrecision(int)
    // EXPECT: paths>=3 return
    public static int i2fPrecision(int x) {
        float f = x;
        int back = (int) f;
        if (back != x) {
            return back > x ? 1 : 2;
        }
        return 0;
    }

    // DRIVER: FloatOps.l2dPrecision(long)
    // EXPECT: paths>=3 return
    public static int l2dPrecision(long x) {
        double d = x;
        long back = (long) d;
        if (back != x) {
            return back > x ? 1 : 2;
        }
        return 0;
    }

    // DRIVER: FloatOps.divZero(double,double)
    // EXPECT: paths>=5 return
    public static int divZero(double a, double b) {
        double q = a / b;
        if (q != q) {
            return 0;
        }
        if (q == Double.POSITIVE_INFINITY) {
            return 1;
        }
        if (q == Double.NEGATIVE_INFINITY) {
            return 2;
        }
        if (q == 0.0) {
            return 3;
        }
        return 4;
    }

    // DRIVER: FloatOps.fmod(double,double)
    // EXPECT: paths>=4 return
    public static double fmod(double a, double b) {
        double r = a % b;
        if (r != r) {
            return -100.0;
        }
        if (r < 0.0) {
            return r;
        }
        if (r == 0.0) {
            return 1.0 / r; // +Infinity for 0.0, -Infinity for -0.0
        }
        return r;
    }

    // DRIVER: FloatOps.d2f(double)
    // EXPECT: paths>=5 return
    public static int d2f(double d) {
        float f = (float) d;
        if (f != f) {
            return 1;
        }
        if (f == Float.POSITIVE_INFINITY && d != Double.POSITIVE_INFINITY) {
            return 2; // overflow while narrowing
        }
        if (f == 0.0f && d != 0.0) {
            return 3; // underflow while narrowing
        }
        if (f == d) {
            return 0;
        }
        return 4; // rounded
    }

    // DRIVER: FloatOps.mixed(float,double)
    // EXPECT: paths>=4 return
    public static int mixed(float f, double d) {
        if (f == d) {
            return 1;
        }
        if (f < d) {
            return 2;
        }
        if (f > d) {
            return 3;
        }
        return 4;
    }

    // DRIVER: FloatOps.floatMul(float,float)
    // EXPECT: paths>=2 return
    public static double floatMul(float a, float b) {
        float s = a * b;
        if (s == a && b != 1.0f) {
            return 1.0;
        }
        return s;
    }
}
