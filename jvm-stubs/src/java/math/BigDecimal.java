package java.math;

/**
 * jsymex model of java.math.BigDecimal, limited to an unscaled value in the long range: the
 * String constructor (Java's grammar and NumberFormatException cases), toString in Java's
 * canonical form, comparison and conversions. Arithmetic, rounding and setScale are not
 * modelled; an unscaled value outside the long range throws ArithmeticException.
 */
public class BigDecimal extends Number implements Comparable<BigDecimal> {
    private static final long serialVersionUID = 6108874887143696463L;

    /** 0. */
    public static final BigDecimal ZERO = new BigDecimal(0L, 0);
    /** 1. */
    public static final BigDecimal ONE = new BigDecimal(1L, 0);
    /** 10. */
    public static final BigDecimal TEN = new BigDecimal(10L, 0);

    private final long unscaled;
    private final int scale;

    private BigDecimal(long unscaled, int scale) {
        this.unscaled = unscaled;
        this.scale = scale;
    }

    /** Parses [sign] digits [. digits] [e|E [sign] digits], at least one significand digit. */
    public BigDecimal(String val) {
        this(val.toCharArray(), 0, val.length());
    }

    /** Parses {@code len} chars of {@code in} from {@code offset}, as {@link #BigDecimal(String)}. */
    public BigDecimal(char[] in, int offset, int len) {
        if (offset + len > in.length || offset < 0 || len < 0) {
            throw new NumberFormatException("Bad offset or len arguments for char[] input.");
        }
        int i = offset;
        int end = offset + len;
        boolean negative = false;
        if (i < end && (in[i] == '-' || in[i] == '+')) {
            negative = in[i] == '-';
            i++;
        }
        long u = 0;
        int digits = 0;
        int sc = 0;
        boolean dot = false;
        long exp = 0;
        for (; i < end; i++) {
            char c = in[i];
            int d = Character.digit(c, 10);
            if (d >= 0 && Character.isDigit(c)) {
                if (u > (Long.MAX_VALUE - d) / 10) {
                    throw new ArithmeticException("jsymex: BigDecimal beyond a long unscaled value is not modelled");
                }
                u = u * 10 + d;
                digits++;
                if (dot) {
                    sc++;
                }
            } else if (c == '.') {
                if (dot) {
                    throw new NumberFormatException("Character array contains more than one decimal point.");
                }
                dot = true;
            } else if (c == 'e' || c == 'E') {
                i++;
                boolean expNeg = false;
                if (i < end && (in[i] == '-' || in[i] == '+')) {
                    expNeg = in[i] == '-';
                    i++;
                }
                if (i >= end) {
                    throw new NumberFormatException("No exponent digits.");
                }
                for (; i < end; i++) {
                    char e = in[i];
                    if (!Character.isDigit(e)) {
                        throw new NumberFormatException("Exponent contains a non-digit character.");
                    }
                    exp = exp * 10 + Character.digit(e, 10);
                    if (exp > Integer.MAX_VALUE) {
                        throw new NumberFormatException("Exponent overflow.");
                    }
                }
                if (expNeg) {
                    exp = -exp;
                }
                break;
            } else {
                throw new NumberFormatException("Character " + c
                        + " is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.");
            }
        }
        if (digits == 0) {
            throw new NumberFormatException("No digits found.");
        }
        long s = sc - exp;
        if (s > Integer.MAX_VALUE || s < Integer.MIN_VALUE) {
            throw new NumberFormatException("Scale out of range.");
        }
        this.unscaled = negative ? -u : u;
        this.scale = (int) s;
    }

    /** The BigDecimal of {@code val} with scale 0. */
    public static BigDecimal valueOf(long val) {
        return new BigDecimal(val, 0);
    }

    /** The BigDecimal of {@code unscaledVal} * 10^-scale. */
    public static BigDecimal valueOf(long unscaledVal, int scale) {
        return new BigDecimal(unscaledVal, scale);
    }

    /** The BigDecimal of Double.toString(val). */
    public static BigDecimal valueOf(double val) {
        return new BigDecimal(Double.toString(val));
    }

    /** The scale. */
    public int scale() {
        return scale;
    }

    /** -1, 0 or 1. */
    public int signum() {
        return Long.signum(unscaled);
    }

    /** The unscaled value. */
    public BigInteger unscaledValue() {
        return BigInteger.valueOf(unscaled);
    }

    /** Numeric order (scale ignored). */
    public int compareTo(BigDecimal o) {
        return aligned(o);
    }

    private int aligned(BigDecimal o) {
        long a = unscaled;
        long b = o.unscaled;
        int s = scale;
        int t = o.scale;
        while (s < t) {
            a = Math.multiplyExact(a, 10L);
            s++;
        }
        while (t < s) {
            b = Math.multiplyExact(b, 10L);
            t++;
        }
        return Long.compare(a, b);
    }

    /** Equal value and scale. */
    public boolean equals(Object x) {
        return x instanceof BigDecimal && ((BigDecimal) x).unscaled == unscaled && ((BigDecimal) x).scale == scale;
    }

    /** Java's hash: 31 * unscaledValue().hashCode() + scale. */
    public int hashCode() {
        return 31 * BigInteger.valueOf(unscaled).hashCode() + scale;
    }

    /** Java's canonical string: plain when the scale is >= 0 and the adjusted exponent >= -6, else scientific. */
    public String toString() {
        String digits = Long.toString(Math.abs(unscaled));
        if (unscaled == Long.MIN_VALUE) {
            digits = digits.substring(1);
        }
        StringBuilder sb = new StringBuilder();
        if (unscaled < 0) {
            sb.append('-');
        }
        long adjusted = -(long) scale + (digits.length() - 1);
        if (scale == 0) {
            return sb.append(digits).toString();
        }
        if (scale > 0 && adjusted >= -6) {
            int point = digits.length() - scale;
            if (point <= 0) {
                sb.append("0.");
                for (int i = point; i < 0; i++) {
                    sb.append('0');
                }
                sb.append(digits);
            } else {
                sb.append(digits, 0, point).append('.').append(digits, point, digits.length());
            }
            return sb.toString();
        }
        sb.append(digits.charAt(0));
        if (digits.length() > 1) {
            sb.append('.').append(digits, 1, digits.length());
        }
        sb.append('E');
        if (adjusted > 0) {
            sb.append('+');
        }
        return sb.append(adjusted).toString();
    }

    /** The value as a double (through its string form). */
    public double doubleValue() {
        return Double.parseDouble(toString());
    }

    /** The value as a float (through its string form). */
    public float floatValue() {
        return Float.parseFloat(toString());
    }

    /** The integer part's low 32 bits. */
    public int intValue() {
        return (int) longValue();
    }

    /** The integer part (low 64 bits). */
    public long longValue() {
        long u = unscaled;
        int s = scale;
        while (s > 0) {
            u /= 10;
            s--;
        }
        while (s < 0) {
            u *= 10;
            s++;
        }
        return u;
    }
}
