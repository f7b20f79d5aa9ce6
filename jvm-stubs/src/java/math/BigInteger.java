package java.math;

/**
 * jsymex model of java.math.BigInteger, limited to values in the long range: parsing (with
 * Java's NumberFormatException cases), comparison, hashing, printing and exact arithmetic.
 * A value outside the long range throws ArithmeticException ("not modelled"), where Java would
 * go on with a larger number.
 */
public class BigInteger extends Number implements Comparable<BigInteger> {
    private static final long serialVersionUID = -8287574255936472291L;

    /** 0. */
    public static final BigInteger ZERO = new BigInteger(0L);
    /** 1. */
    public static final BigInteger ONE = new BigInteger(1L);
    /** 2. */
    public static final BigInteger TWO = new BigInteger(2L);
    /** 10. */
    public static final BigInteger TEN = new BigInteger(10L);

    private final long v;

    private BigInteger(long v) {
        this.v = v;
    }

    private static ArithmeticException beyond() {
        return new ArithmeticException("jsymex: BigInteger beyond the long range is not modelled");
    }

    /** Parses a decimal integer with an optional sign. */
    public BigInteger(String val) {
        this(val, 10);
    }

    /** Parses an integer in {@code radix} with an optional sign, as Java does (Unicode digits included). */
    public BigInteger(String val, int radix) {
        this(parse(val, radix));
    }

    private static long parse(String val, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            throw new NumberFormatException("Radix out of range");
        }
        int len = val.length();
        if (len == 0) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        int cursor = 0;
        boolean negative = false;
        int minus = val.lastIndexOf('-');
        int plus = val.lastIndexOf('+');
        if (minus >= 0) {
            if (minus != 0 || plus >= 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            negative = true;
            cursor = 1;
        } else if (plus >= 0) {
            if (plus != 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            cursor = 1;
        }
        if (cursor == len) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        long r = 0;
        boolean overflow = false;
        for (int i = cursor; i < len; i++) {
            int d = Character.digit(val.charAt(i), radix);
            if (d < 0) {
                throw new NumberFormatException("Illegal digit");
            }
            if (!overflow) {
                long m = r * radix;
                if (r != 0 && (m / radix != r || m - d > m)) {
                    overflow = true;
                } else {
                    r = m - d;
                }
            }
        }
        if (overflow || (!negative && r == Long.MIN_VALUE)) {
            throw beyond();
        }
        return negative ? r : -r;
    }

    /** The BigInteger of {@code val}. */
    public static BigInteger valueOf(long val) {
        return new BigInteger(val);
    }

    /** -this. */
    public BigInteger negate() {
        if (v == Long.MIN_VALUE) {
            throw beyond();
        }
        return new BigInteger(-v);
    }

    /** |this|. */
    public BigInteger abs() {
        return v < 0 ? negate() : this;
    }

    /** -1, 0 or 1. */
    public int signum() {
        return Long.signum(v);
    }

    /** this + val. */
    public BigInteger add(BigInteger val) {
        long r = v + val.v;
        if (((v ^ r) & (val.v ^ r)) < 0) {
            throw beyond();
        }
        return new BigInteger(r);
    }

    /** this - val. */
    public BigInteger subtract(BigInteger val) {
        long r = v - val.v;
        if (((v ^ val.v) & (v ^ r)) < 0) {
            throw beyond();
        }
        return new BigInteger(r);
    }

    /** this * val. */
    public BigInteger multiply(BigInteger val) {
        long r = v * val.v;
        if (v != 0 && (r / v != val.v || (v == -1 && val.v == Long.MIN_VALUE))) {
            throw beyond();
        }
        return new BigInteger(r);
    }

    /** this / val, rounded toward zero. */
    public BigInteger divide(BigInteger val) {
        if (val.v == 0) {
            throw new ArithmeticException("BigInteger divide by zero");
        }
        if (v == Long.MIN_VALUE && val.v == -1) {
            throw beyond();
        }
        return new BigInteger(v / val.v);
    }

    /** this % val. */
    public BigInteger remainder(BigInteger val) {
        if (val.v == 0) {
            throw new ArithmeticException("BigInteger divide by zero");
        }
        return new BigInteger(val.v == -1 ? 0 : v % val.v);
    }

    /** Numeric order. */
    public int compareTo(BigInteger val) {
        return Long.compare(v, val.v);
    }

    /** Equal values. */
    public boolean equals(Object x) {
        return x instanceof BigInteger && ((BigInteger) x).v == v;
    }

    /** Java's hash: over the 32-bit words of the magnitude, times the sign. */
    public int hashCode() {
        long mag = v < 0 ? -v : v;
        int hi = (int) (mag >>> 32);
        int lo = (int) mag;
        int h = 0;
        if (hi != 0) {
            h = (int) (hi & 0xFFFFFFFFL);
        }
        if (mag != 0) {
            h = (int) (31 * h + (lo & 0xFFFFFFFFL));
        }
        return h * signum();
    }

    /** Decimal digits with a '-' when negative. */
    public String toString() {
        return Long.toString(v);
    }

    /** Digits in {@code radix} (10 when out of range). */
    public String toString(int radix) {
        return Long.toString(v, radix);
    }

    /** Number of bits of the minimal two's-complement form, without the sign bit. */
    public int bitLength() {
        return 64 - Long.numberOfLeadingZeros(v < 0 ? ~v : v);
    }

    /** The low 32 bits. */
    public int intValue() {
        return (int) v;
    }

    /** The value. */
    public long longValue() {
        return v;
    }

    /** The value, or ArithmeticException when it does not fit an int. */
    public int intValueExact() {
        if ((int) v != v) {
            throw new ArithmeticException("BigInteger out of int range");
        }
        return (int) v;
    }

    /** The value. */
    public long longValueExact() {
        return v;
    }

    /** The value as a float. */
    public float floatValue() {
        return (float) v;
    }

    /** The value as a double. */
    public double doubleValue() {
        return (double) v;
    }
}
