package java.lang;

/**
 * jsymex model of java.lang.Math. abs/min/max/round/signum, the exact-arithmetic
 * and floor division methods are plain Java with Java's semantics (NaN
 * propagation, -0.0 < 0.0); the transcendental and rounding functions
 * (sqrt, sin, ..., floor, ceil, rint, hypot) are VM natives. random() is not
 * modelled.
 */
public final class Math {

    public static final double E = 2.718281828459045;
    public static final double PI = 3.141592653589793;

    private Math() {
    }

    // ---- natives ----

    public static native double sqrt(double a);

    public static native double sin(double a);

    public static native double cos(double a);

    public static native double tan(double a);

    public static native double asin(double a);

    public static native double acos(double a);

    public static native double atan(double a);

    public static native double atan2(double y, double x);

    public static native double exp(double a);

    public static native double log(double a);

    public static native double log10(double a);

    public static native double pow(double a, double b);

    public static native double cbrt(double a);

    public static native double floor(double a);

    public static native double ceil(double a);

    public static native double rint(double a);

    public static native double hypot(double x, double y);

    // ---- abs / min / max ----

    /** Branch-free; abs(Integer.MIN_VALUE) is Integer.MIN_VALUE. */
    public static int abs(int a) {
        int sign = a >> 31;
        return (a ^ sign) - sign;
    }

    /** Branch-free; abs(Long.MIN_VALUE) is Long.MIN_VALUE. */
    public static long abs(long a) {
        long sign = a >> 63;
        return (a ^ sign) - sign;
    }

    /** abs(-0.0f) is 0.0f; NaN stays NaN. */
    public static float abs(float a) {
        return (a <= 0.0f) ? 0.0f - a : a;
    }

    /** abs(-0.0) is 0.0; NaN stays NaN. */
    public static double abs(double a) {
        return (a <= 0.0d) ? 0.0d - a : a;
    }

    public static int absExact(int a) {
        if (a == Integer.MIN_VALUE) {
            throw new ArithmeticException("Overflow to represent absolute value of Integer.MIN_VALUE");
        }
        return abs(a);
    }

    public static long absExact(long a) {
        if (a == Long.MIN_VALUE) {
            throw new ArithmeticException("Overflow to represent absolute value of Long.MIN_VALUE");
        }
        return abs(a);
    }

    public static int max(int a, int b) {
        return (a >= b) ? a : b;
    }

    public static long max(long a, long b) {
        return (a >= b) ? a : b;
    }

    public static int min(int a, int b) {
        return (a <= b) ? a : b;
    }

    public static long min(long a, long b) {
        return (a <= b) ? a : b;
    }

    /** NaN if either is NaN; max(-0.0f, 0.0f) is 0.0f. */
    public static float max(float a, float b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0f && b == 0.0f) {
            // 1/a is -Infinity exactly when a is -0.0f; then b is the larger (or equal) zero
            return (1.0f / a < 0.0f) ? b : a;
        }
        return (a >= b) ? a : b;
    }

    /** NaN if either is NaN; max(-0.0, 0.0) is 0.0. */
    public static double max(double a, double b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0d && b == 0.0d) {
            return (1.0d / a < 0.0d) ? b : a;
        }
        return (a >= b) ? a : b;
    }

    /** NaN if either is NaN; min(-0.0f, 0.0f) is -0.0f. */
    public static float min(float a, float b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0f && b == 0.0f) {
            // 1/b is -Infinity exactly when b is -0.0f; then b is the smaller (or equal) zero
            return (1.0f / b < 0.0f) ? b : a;
        }
        return (a <= b) ? a : b;
    }

    /** NaN if either is NaN; min(-0.0, 0.0) is -0.0. */
    public static double min(double a, double b) {
        if (a != a) {
            return a;
        }
        if (a == 0.0d && b == 0.0d) {
            return (1.0d / b < 0.0d) ? b : a;
        }
        return (a <= b) ? a : b;
    }

    // ---- rounding and sign ----

    /**
     * Closest int, ties towards positive infinity; NaN gives 0 and values beyond
     * the int range give MIN_VALUE / MAX_VALUE.
     */
    public static int round(float a) {
        if (a != a) {
            return 0;
        }
        if (a >= 2147483648.0f) {
            return Integer.MAX_VALUE;
        }
        if (a <= -2147483648.0f) {
            return Integer.MIN_VALUE;
        }
        int t = (int) a;          // truncated towards zero
        float fraction = a - t;   // exact
        if (fraction >= 0.5f) {
            return t + 1;
        }
        if (fraction < -0.5f) {
            return t - 1;
        }
        return t;
    }

    /**
     * Closest long, ties towards positive infinity; NaN gives 0 and values beyond
     * the long range give MIN_VALUE / MAX_VALUE.
     */
    public static long round(double a) {
        if (a != a) {
            return 0L;
        }
        if (a >= 9.223372036854775808E18) {
            return Long.MAX_VALUE;
        }
        if (a <= -9.223372036854775808E18) {
            return Long.MIN_VALUE;
        }
        long t = (long) a;         // truncated towards zero
        double fraction = a - t;   // exact
        if (fraction >= 0.5d) {
            return t + 1;
        }
        if (fraction < -0.5d) {
            return t - 1;
        }
        return t;
    }

    /** 0.0 and -0.0 and NaN are returned unchanged; otherwise 1.0 or -1.0. */
    public static double signum(double d) {
        if (d == 0.0d || d != d) {
            return d;
        }
        return (d > 0.0d) ? 1.0d : -1.0d;
    }

    public static float signum(float f) {
        if (f == 0.0f || f != f) {
            return f;
        }
        return (f > 0.0f) ? 1.0f : -1.0f;
    }

    public static double copySign(double magnitude, double sign) {
        long bits = (Double.doubleToRawLongBits(sign) & 0x8000000000000000L)
                | (Double.doubleToRawLongBits(magnitude) & 0x7fffffffffffffffL);
        return Double.longBitsToDouble(bits);
    }

    public static float copySign(float magnitude, float sign) {
        int bits = (Float.floatToRawIntBits(sign) & 0x80000000)
                | (Float.floatToRawIntBits(magnitude) & 0x7fffffff);
        return Float.intBitsToFloat(bits);
    }

    public static int getExponent(double d) {
        return (int) ((Double.doubleToRawLongBits(d) >>> 52) & 0x7ff) - 1023;
    }

    public static int getExponent(float f) {
        return ((Float.floatToRawIntBits(f) >>> 23) & 0xff) - 127;
    }

    public static double toRadians(double angdeg) {
        return angdeg * 0.017453292519943295;
    }

    public static double toDegrees(double angrad) {
        return angrad * 57.29577951308232;
    }

    // ---- exact arithmetic ----

    public static int addExact(int x, int y) {
        int r = x + y;
        // overflow iff both operands have the sign opposite to the result
        if (((x ^ r) & (y ^ r)) < 0) {
            throw new ArithmeticException("integer overflow");
        }
        return r;
    }

    public static long addExact(long x, long y) {
        long r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) {
            throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int subtractExact(int x, int y) {
        int r = x - y;
        // overflow iff the operands differ in sign and the result's sign differs from x
        if (((x ^ y) & (x ^ r)) < 0) {
            throw new ArithmeticException("integer overflow");
        }
        return r;
    }

    public static long subtractExact(long x, long y) {
        long r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) {
            throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int multiplyExact(int x, int y) {
        long r = (long) x * (long) y;
        if ((int) r != r) {
            throw new ArithmeticException("integer overflow");
        }
        return (int) r;
    }

    public static long multiplyExact(long x, int y) {
        return multiplyExact(x, (long) y);
    }

    public static long multiplyExact(long x, long y) {
        long r = x * y;
        long ax = abs(x);
        long ay = abs(y);
        if (((ax | ay) >>> 31) != 0) {
            // operands too big for a trivially safe product: check by dividing back
            if ((y != 0 && r / y != x) || (x == Long.MIN_VALUE && y == -1)) {
                throw new ArithmeticException("long overflow");
            }
        }
        return r;
    }

    public static long multiplyFull(int x, int y) {
        return (long) x * (long) y;
    }

    public static int incrementExact(int a) {
        if (a == Integer.MAX_VALUE) {
            throw new ArithmeticException("integer overflow");
        }
        return a + 1;
    }

    public static long incrementExact(long a) {
        if (a == Long.MAX_VALUE) {
            throw new ArithmeticException("long overflow");
        }
        return a + 1L;
    }

    public static int decrementExact(int a) {
        if (a == Integer.MIN_VALUE) {
            throw new ArithmeticException("integer overflow");
        }
        return a - 1;
    }

    public static long decrementExact(long a) {
        if (a == Long.MIN_VALUE) {
            throw new ArithmeticException("long overflow");
        }
        return a - 1L;
    }

    public static int negateExact(int a) {
        if (a == Integer.MIN_VALUE) {
            throw new ArithmeticException("integer overflow");
        }
        return -a;
    }

    public static long negateExact(long a) {
        if (a == Long.MIN_VALUE) {
            throw new ArithmeticException("long overflow");
        }
        return -a;
    }

    public static int toIntExact(long value) {
        if ((int) value != value) {
            throw new ArithmeticException("integer overflow");
        }
        return (int) value;
    }

    // ---- floor division ----

    /** Quotient rounded towards negative infinity. */
    public static int floorDiv(int x, int y) {
        int q = x / y;
        if ((x ^ y) < 0 && q * y != x) {
            q--;
        }
        return q;
    }

    public static long floorDiv(long x, int y) {
        return floorDiv(x, (long) y);
    }

    public static long floorDiv(long x, long y) {
        long q = x / y;
        if ((x ^ y) < 0 && q * y != x) {
            q--;
        }
        return q;
    }

    /** Remainder with the sign of the divisor. */
    public static int floorMod(int x, int y) {
        int m = x % y;
        if ((m ^ y) < 0 && m != 0) {
            m += y;
        }
        return m;
    }

    public static int floorMod(long x, int y) {
        return (int) floorMod(x, (long) y);
    }

    public static long floorMod(long x, long y) {
        long m = x % y;
        if ((m ^ y) < 0 && m != 0) {
            m += y;
        }
        return m;
    }
}
