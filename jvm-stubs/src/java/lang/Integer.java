package java.lang;

/**
 * jsymex model of java.lang.Integer. valueOf caches -128..127 like Java;
 * parsing and formatting follow Java 17 exactly (including exception messages).
 * Bit-twiddling methods avoid branches so symbolic ints do not fork.
 */
public final class Integer extends Number implements Comparable<Integer> {

    public static final int MIN_VALUE = 0x80000000;
    public static final int MAX_VALUE = 0x7fffffff;
    public static final int SIZE = 32;
    public static final int BYTES = 4;

    @SuppressWarnings("unchecked")
    public static final Class<Integer> TYPE = (Class<Integer>) Class.getPrimitiveClass("int");

    /** Digits for radix up to 36. */
    static final char[] DIGITS = {
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
        'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j',
        'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't',
        'u', 'v', 'w', 'x', 'y', 'z'
    };

    private final int value;

    @Deprecated
    public Integer(int value) {
        this.value = value;
    }

    @Deprecated
    public Integer(String s) throws NumberFormatException {
        this.value = parseInt(s, 10);
    }

    /** Boxes -128..127 are shared, as in Java. */
    private static final class Cache {
        static final Integer[] CACHE = new Integer[256];

        static {
            for (int i = 0; i < 256; i++) {
                CACHE[i] = new Integer(i - 128);
            }
        }
    }

    public static Integer valueOf(int i) {
        if (!jsymex.internal.Sym.isSymbolic(i) && i >= -128 && i <= 127) { // symbolic: a fresh box, no fork
            return Cache.CACHE[i + 128];
        }
        return new Integer(i);
    }

    public static Integer valueOf(String s) throws NumberFormatException {
        return valueOf(parseInt(s, 10));
    }

    public static Integer valueOf(String s, int radix) throws NumberFormatException {
        return valueOf(parseInt(s, radix));
    }

    // ---- formatting ----

    /**
     * Decimal text. The number of digits is found by comparing with powers of ten, and the
     * digits are then computed without branching: a symbolic value forks once per length (as
     * the JDK's digit loop does) but on cheap comparisons rather than on chained divisions.
     */
    public static String toString(int i) {
        boolean negative = i < 0;
        int n = negative ? i : -i; // work with the non-positive value so MIN_VALUE fits
        int digits = 1;
        int bound = -10;
        while (digits < 10 && n <= bound) {
            digits++;
            bound *= 10;
        }
        int len = negative ? digits + 1 : digits;
        char[] buf = new char[len];
        int pos = len;
        for (int k = 0; k < digits; k++) {
            int q = n / 10;
            buf[--pos] = (char) ('0' + (q * 10 - n));
            n = q;
        }
        if (negative) {
            buf[0] = '-';
        }
        return new String(buf, 0, len);
    }

    public static String toString(int i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        if (radix == 10) {
            return toString(i);
        }
        char[] buf = new char[33];
        int pos = 33;
        boolean negative = i < 0;
        int n = negative ? i : -i;
        do {
            int q = n / radix;
            buf[--pos] = DIGITS[q * radix - n];
            n = q;
        } while (n != 0);
        if (negative) {
            buf[--pos] = '-';
        }
        return new String(buf, pos, 33 - pos);
    }

    /** Unsigned digits of {@code val} in base 2^shift. */
    private static String toUnsignedString0(int val, int shift) {
        char[] buf = new char[32];
        int pos = 32;
        int mask = (1 << shift) - 1;
        do {
            buf[--pos] = DIGITS[val & mask];
            val >>>= shift;
        } while (val != 0);
        return new String(buf, pos, 32 - pos);
    }

    public static String toHexString(int i) {
        return toUnsignedString0(i, 4);
    }

    public static String toOctalString(int i) {
        return toUnsignedString0(i, 3);
    }

    public static String toBinaryString(int i) {
        return toUnsignedString0(i, 1);
    }

    public static String toUnsignedString(int i) {
        return Long.toString(toUnsignedLong(i));
    }

    public static String toUnsignedString(int i, int radix) {
        return Long.toString(toUnsignedLong(i), radix);
    }

    public String toString() {
        return toString(value);
    }

    // ---- parsing ----

    /** Java's "For input string" error, with the radix when it is not 10. */
    static NumberFormatException forInputString(String s, int radix) {
        if (radix == 10) {
            return new NumberFormatException("For input string: \"" + s + "\"");
        }
        return new NumberFormatException("For input string: \"" + s + "\" under radix " + radix);
    }

    static void checkRadix(int radix) {
        if (radix < Character.MIN_RADIX) {
            throw new NumberFormatException("radix " + radix + " less than Character.MIN_RADIX");
        }
        if (radix > Character.MAX_RADIX) {
            throw new NumberFormatException("radix " + radix + " greater than Character.MAX_RADIX");
        }
    }

    public static int parseInt(String s) throws NumberFormatException {
        return parseInt(s, 10);
    }

    public static int parseInt(String s, int radix) throws NumberFormatException {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string");
        }
        checkRadix(radix);
        int len = s.length();
        if (len == 0) {
            throw forInputString(s, radix);
        }
        int i = 0;
        boolean negative = false;
        // the result is accumulated as a non-positive number, bounded below by limit
        int limit = -MAX_VALUE;
        char first = s.charAt(0);
        if (first < '0') {
            if (first == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (first != '+') {
                throw forInputString(s, radix);
            }
            if (len == 1) {
                throw forInputString(s, radix);
            }
            i = 1;
        }
        int minBeforeMultiply = limit / radix;
        int result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i), radix);
            i++;
            if (digit < 0 || result < minBeforeMultiply) {
                throw forInputString(s, radix);
            }
            result *= radix;
            if (result < limit + digit) {
                throw forInputString(s, radix);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    /** Parses decimal, hex ("0x", "0X", "#") and octal ("0") literals with an optional sign. */
    public static Integer decode(String nm) throws NumberFormatException {
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
        return valueOf(parseInt(negative ? "-" + digits : digits, radix));
    }

    // ---- unboxing ----

    public byte byteValue() {
        return (byte) value;
    }

    public short shortValue() {
        return (short) value;
    }

    public int intValue() {
        return value;
    }

    public long longValue() {
        return (long) value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    // ---- identity and ordering ----

    public int hashCode() {
        return value;
    }

    public static int hashCode(int value) {
        return value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Integer) {
            return value == ((Integer) obj).value;
        }
        return false;
    }

    public int compareTo(Integer anotherInteger) {
        return compare(value, anotherInteger.value);
    }

    public static int compare(int x, int y) {
        return (x < y) ? -1 : ((x == y) ? 0 : 1);
    }

    public static int compareUnsigned(int x, int y) {
        return compare(x + MIN_VALUE, y + MIN_VALUE);
    }

    public static long toUnsignedLong(int x) {
        return ((long) x) & 0xffffffffL;
    }

    public static int divideUnsigned(int dividend, int divisor) {
        return (int) (toUnsignedLong(dividend) / toUnsignedLong(divisor));
    }

    public static int remainderUnsigned(int dividend, int divisor) {
        return (int) (toUnsignedLong(dividend) % toUnsignedLong(divisor));
    }

    // ---- bit operations (branch-free) ----

    public static int signum(int i) {
        return (i >> 31) | (-i >>> 31);
    }

    public static int bitCount(int i) {
        i = i - ((i >>> 1) & 0x55555555);
        i = (i & 0x33333333) + ((i >>> 2) & 0x33333333);
        i = (i + (i >>> 4)) & 0x0f0f0f0f;
        i = i + (i >>> 8);
        i = i + (i >>> 16);
        return i & 0x3f;
    }

    public static int numberOfLeadingZeros(int i) {
        // set every bit below the highest one bit, then count the ones
        i |= i >>> 1;
        i |= i >>> 2;
        i |= i >>> 4;
        i |= i >>> 8;
        i |= i >>> 16;
        return 32 - bitCount(i);
    }

    public static int numberOfTrailingZeros(int i) {
        // ones exactly at the trailing-zero positions
        return bitCount(~i & (i - 1));
    }

    public static int highestOneBit(int i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static int lowestOneBit(int i) {
        return i & -i;
    }

    public static int rotateLeft(int i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static int rotateRight(int i, int distance) {
        return (i >>> distance) | (i << -distance);
    }

    public static int reverse(int i) {
        i = ((i & 0x55555555) << 1) | ((i >>> 1) & 0x55555555);
        i = ((i & 0x33333333) << 2) | ((i >>> 2) & 0x33333333);
        i = ((i & 0x0f0f0f0f) << 4) | ((i >>> 4) & 0x0f0f0f0f);
        return reverseBytes(i);
    }

    public static int reverseBytes(int i) {
        return (i << 24) | ((i & 0xff00) << 8) | ((i >>> 8) & 0xff00) | (i >>> 24);
    }

    public static int sum(int a, int b) {
        return a + b;
    }

    public static int max(int a, int b) {
        return Math.max(a, b);
    }

    public static int min(int a, int b) {
        return Math.min(a, b);
    }
}
