package java.lang;

/**
 * jsymex model of java.lang.Long. valueOf caches -128..127 like Java;
 * parsing and formatting follow Java 17 exactly (including exception messages).
 */
public final class Long extends Number implements Comparable<Long> {

    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;
    public static final int SIZE = 64;
    public static final int BYTES = 8;

    @SuppressWarnings("unchecked")
    public static final Class<Long> TYPE = (Class<Long>) Class.getPrimitiveClass("long");

    private final long value;

    @Deprecated
    public Long(long value) {
        this.value = value;
    }

    @Deprecated
    public Long(String s) throws NumberFormatException {
        this.value = parseLong(s, 10);
    }

    /** Boxes -128..127 are shared, as in Java. */
    private static final class Cache {
        static final Long[] CACHE = new Long[256];

        static {
            for (int i = 0; i < 256; i++) {
                CACHE[i] = new Long(i - 128);
            }
        }
    }

    public static Long valueOf(long l) {
        if (!jsymex.internal.Sym.isSymbolic(l) && l >= -128 && l <= 127) { // symbolic: a fresh box, no fork
            return Cache.CACHE[(int) l + 128];
        }
        return new Long(l);
    }

    public static Long valueOf(String s) throws NumberFormatException {
        return valueOf(parseLong(s, 10));
    }

    public static Long valueOf(String s, int radix) throws NumberFormatException {
        return valueOf(parseLong(s, radix));
    }

    // ---- formatting ----

    /** Decimal text; branches only on comparisons with powers of ten (see Integer.toString). */
    public static String toString(long i) {
        boolean negative = i < 0;
        long n = negative ? i : -i; // the non-positive value, so MIN_VALUE fits
        int digits = 1;
        long bound = -10L;
        while (digits < 19 && n <= bound) {
            digits++;
            bound *= 10L;
        }
        int len = negative ? digits + 1 : digits;
        char[] buf = new char[len];
        int pos = len;
        for (int k = 0; k < digits; k++) {
            long q = n / 10L;
            buf[--pos] = (char) ('0' + (int) (q * 10L - n));
            n = q;
        }
        if (negative) {
            buf[0] = '-';
        }
        return new String(buf, 0, len);
    }

    public static String toString(long i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        char[] buf = new char[65];
        int pos = 65;
        boolean negative = i < 0;
        long n = negative ? i : -i; // work with the non-positive value so MIN_VALUE fits
        do {
            long q = n / radix;
            buf[--pos] = Integer.DIGITS[(int) (q * radix - n)];
            n = q;
        } while (n != 0);
        if (negative) {
            buf[--pos] = '-';
        }
        return new String(buf, pos, 65 - pos);
    }

    /** Unsigned digits of {@code val} in base 2^shift. */
    private static String toUnsignedString0(long val, int shift) {
        char[] buf = new char[64];
        int pos = 64;
        long mask = (1L << shift) - 1;
        do {
            buf[--pos] = Integer.DIGITS[(int) (val & mask)];
            val >>>= shift;
        } while (val != 0);
        return new String(buf, pos, 64 - pos);
    }

    public static String toHexString(long i) {
        return toUnsignedString0(i, 4);
    }

    public static String toOctalString(long i) {
        return toUnsignedString0(i, 3);
    }

    public static String toBinaryString(long i) {
        return toUnsignedString0(i, 1);
    }

    public static String toUnsignedString(long i) {
        return toUnsignedString(i, 10);
    }

    public static String toUnsignedString(long i, int radix) {
        if (i >= 0) {
            return toString(i, radix);
        }
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        long q = divideUnsigned(i, radix);
        long r = i - q * radix;
        return toString(q, radix) + Integer.DIGITS[(int) r];
    }

    public String toString() {
        return toString(value);
    }

    // ---- parsing ----

    public static long parseLong(String s) throws NumberFormatException {
        return parseLong(s, 10);
    }

    public static long parseLong(String s, int radix) throws NumberFormatException {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string");
        }
        Integer.checkRadix(radix);
        int len = s.length();
        if (len == 0) {
            throw Integer.forInputString(s, radix);
        }
        int i = 0;
        boolean negative = false;
        // the result is accumulated as a non-positive number, bounded below by limit
        long limit = -MAX_VALUE;
        char first = s.charAt(0);
        if (first < '0') {
            if (first == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (first != '+') {
                throw Integer.forInputString(s, radix);
            }
            if (len == 1) {
                throw Integer.forInputString(s, radix);
            }
            i = 1;
        }
        long minBeforeMultiply = limit / radix;
        long result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i), radix);
            i++;
            if (digit < 0 || result < minBeforeMultiply) {
                throw Integer.forInputString(s, radix);
            }
            result *= radix;
            if (result < limit + digit) {
                throw Integer.forInputString(s, radix);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    /** Parses decimal, hex ("0x", "0X", "#") and octal ("0") literals with an optional sign. */
    public static Long decode(String nm) throws NumberFormatException {
        int radix = 10;
        int index = 0;
        boolean negative = false;
        if (nm.isEmpty()) {
            throw new NumberFormatException("Zero length string");
        }
        char first = nm.charAt(0);
        if (first == '-') {
            negative = true;
            index++;
        } else if (first == '+') {
            index++;
        }
        if (nm.startsWith("0x", index) || nm.startsWith("0X", index)) {
            index += 2;
            radix = 16;
        } else if (nm.startsWith("#", index)) {
            index++;
            radix = 16;
        } else if (nm.startsWith("0", index) && nm.length() > 1 + index) {
            index++;
            radix = 8;
        }
        if (nm.startsWith("-", index) || nm.startsWith("+", index)) {
            throw new NumberFormatException("Sign character in wrong position");
        }
        String digits = nm.substring(index);
        return valueOf(parseLong(negative ? "-" + digits : digits, radix));
    }

    // ---- unboxing ----

    public byte byteValue() {
        return (byte) value;
    }

    public short shortValue() {
        return (short) value;
    }

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    // ---- identity and ordering ----

    public int hashCode() {
        return hashCode(value);
    }

    public static int hashCode(long value) {
        return (int) (value ^ (value >>> 32));
    }

    public boolean equals(Object obj) {
        if (obj instanceof Long) {
            return value == ((Long) obj).value;
        }
        return false;
    }

    public int compareTo(Long anotherLong) {
        return compare(value, anotherLong.value);
    }

    public static int compare(long x, long y) {
        return (x < y) ? -1 : ((x == y) ? 0 : 1);
    }

    public static int compareUnsigned(long x, long y) {
        return compare(x + MIN_VALUE, y + MIN_VALUE);
    }

    public static long divideUnsigned(long dividend, long divisor) {
        if (divisor < 0) {
            // divisor >= 2^63: the quotient is 0 or 1
            return compareUnsigned(dividend, divisor) < 0 ? 0L : 1L;
        }
        if (dividend >= 0) {
            return dividend / divisor;
        }
        long q = ((dividend >>> 1) / divisor) << 1;
        long r = dividend - q * divisor;
        return q + (compareUnsigned(r, divisor) >= 0 ? 1 : 0);
    }

    public static long remainderUnsigned(long dividend, long divisor) {
        return dividend - divideUnsigned(dividend, divisor) * divisor;
    }

    // ---- bit operations (branch-free) ----

    public static int signum(long i) {
        return (int) ((i >> 63) | (-i >>> 63));
    }

    public static int bitCount(long i) {
        i = i - ((i >>> 1) & 0x5555555555555555L);
        i = (i & 0x3333333333333333L) + ((i >>> 2) & 0x3333333333333333L);
        i = (i + (i >>> 4)) & 0x0f0f0f0f0f0f0f0fL;
        i = i + (i >>> 8);
        i = i + (i >>> 16);
        i = i + (i >>> 32);
        return (int) i & 0x7f;
    }

    public static int numberOfLeadingZeros(long i) {
        i |= i >>> 1;
        i |= i >>> 2;
        i |= i >>> 4;
        i |= i >>> 8;
        i |= i >>> 16;
        i |= i >>> 32;
        return 64 - bitCount(i);
    }

    public static int numberOfTrailingZeros(long i) {
        return bitCount(~i & (i - 1));
    }

    public static long highestOneBit(long i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static long lowestOneBit(long i) {
        return i & -i;
    }

    public static long rotateLeft(long i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static long rotateRight(long i, int distance) {
        return (i >>> distance) | (i << -distance);
    }

    public static long reverse(long i) {
        i = ((i & 0x5555555555555555L) << 1) | ((i >>> 1) & 0x5555555555555555L);
        i = ((i & 0x3333333333333333L) << 2) | ((i >>> 2) & 0x3333333333333333L);
        i = ((i & 0x0f0f0f0f0f0f0f0fL) << 4) | ((i >>> 4) & 0x0f0f0f0f0f0f0f0fL);
        return reverseBytes(i);
    }

    public static long reverseBytes(long i) {
        i = ((i & 0x00ff00ff00ff00ffL) << 8) | ((i >>> 8) & 0x00ff00ff00ff00ffL);
        i = ((i & 0x0000ffff0000ffffL) << 16) | ((i >>> 16) & 0x0000ffff0000ffffL);
        return (i << 32) | (i >>> 32);
    }

    public static long sum(long a, long b) {
        return a + b;
    }

    public static long max(long a, long b) {
        return Math.max(a, b);
    }

    public static long min(long a, long b) {
        return Math.min(a, b);
    }
}
