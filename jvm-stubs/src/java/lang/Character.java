package java.lang;

/**
 * jsymex model of java.lang.Character. Classification and case mapping are exact
 * for ASCII and Latin-1 (U+0000..U+00FF). Above U+00FF they use small tables:
 * decimal digits of the BMP, the letter ranges of the common scripts, and the
 * case pairs of Latin Extended, Greek, Cyrillic, Armenian, Georgian and fullwidth
 * Latin; other code points get approximate answers. All of it is computed with
 * masks instead of branches, so a symbolic char forks only where a boolean
 * result is finally tested (digit, toUpperCase and toLowerCase never fork).
 */
public final class Character implements java.io.Serializable, Comparable<Character> {

    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uFFFF';

    @SuppressWarnings("unchecked")
    public static final Class<Character> TYPE = (Class<Character>) Class.getPrimitiveClass("char");

    public static final char MIN_HIGH_SURROGATE = '\uD800';
    public static final char MAX_HIGH_SURROGATE = '\uDBFF';
    public static final char MIN_LOW_SURROGATE = '\uDC00';
    public static final char MAX_LOW_SURROGATE = '\uDFFF';
    public static final char MIN_SURROGATE = MIN_HIGH_SURROGATE;
    public static final char MAX_SURROGATE = MAX_LOW_SURROGATE;
    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x010000;
    public static final int MIN_CODE_POINT = 0x000000;
    public static final int MAX_CODE_POINT = 0x10FFFF;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    private final char value;

    @Deprecated
    public Character(char value) {
        this.value = value;
    }

    /** Boxes for U+0000..U+007F are shared, as in Java. */
    private static final class Cache {
        static final Character[] CACHE = new Character[128];

        static {
            for (int i = 0; i < 128; i++) {
                CACHE[i] = new Character((char) i);
            }
        }
    }

    public static Character valueOf(char c) {
        if (!jsymex.internal.Sym.isSymbolic(c) && c <= 127) { // symbolic: a fresh box, no fork
            return Cache.CACHE[c];
        }
        return new Character(c);
    }

    public char charValue() {
        return value;
    }

    public int hashCode() {
        return value;
    }

    public static int hashCode(char value) {
        return value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Character) {
            return value == ((Character) obj).charValue();
        }
        return false;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(char c) {
        return String.valueOf(c);
    }

    public static String toString(int codePoint) {
        return new String(toChars(codePoint));
    }

    public int compareTo(Character anotherCharacter) {
        return compare(value, anotherCharacter.value);
    }

    public static int compare(char x, char y) {
        return x - y;
    }

    public static char reverseBytes(char ch) {
        return (char) (((ch & 0xFF00) >> 8) | (ch << 8));
    }

    /**
     * All one bits when lo <= c <= hi, else 0; computed without a branch. The
     * classification and case-mapping methods below combine such masks, so a
     * symbolic char only forks where a boolean result is finally tested.
     */
    private static int inMask(int c, int lo, int hi) {
        return ~(((c - lo) | (hi - c)) >> 31);
    }

    /** Mask over a table of inclusive (lo, hi) ranges. */
    private static int rangesMask(char[] ranges, int c) {
        int m = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            m |= ~(((c - ranges[i]) | (ranges[i + 1] - c)) >> 31);
        }
        return m;
    }

    // ---- code points and surrogates ----

    public static boolean isValidCodePoint(int codePoint) {
        return (codePoint >>> 16) < ((MAX_CODE_POINT + 1) >>> 16);
    }

    public static boolean isBmpCodePoint(int codePoint) {
        return codePoint >>> 16 == 0;
    }

    public static boolean isSupplementaryCodePoint(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT && codePoint < MAX_CODE_POINT + 1;
    }

    public static boolean isHighSurrogate(char ch) {
        return (ch & 0xFC00) == 0xD800;
    }

    public static boolean isLowSurrogate(char ch) {
        return (ch & 0xFC00) == 0xDC00;
    }

    public static boolean isSurrogate(char ch) {
        return (ch & 0xF800) == 0xD800;
    }

    public static boolean isSurrogatePair(char high, char low) {
        return isHighSurrogate(high) && isLowSurrogate(low);
    }

    public static int charCount(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
    }

    public static int toCodePoint(char high, char low) {
        return ((high - 0xD800) << 10) + (low - 0xDC00) + MIN_SUPPLEMENTARY_CODE_POINT;
    }

    public static char highSurrogate(int codePoint) {
        return (char) ((codePoint >>> 10) + (0xD800 - (MIN_SUPPLEMENTARY_CODE_POINT >>> 10)));
    }

    public static char lowSurrogate(int codePoint) {
        return (char) ((codePoint & 0x3FF) + 0xDC00);
    }

    public static char[] toChars(int codePoint) {
        if (isBmpCodePoint(codePoint)) {
            char[] r = new char[1];
            r[0] = (char) codePoint;
            return r;
        }
        if (isValidCodePoint(codePoint)) {
            char[] r = new char[2];
            r[0] = highSurrogate(codePoint);
            r[1] = lowSurrogate(codePoint);
            return r;
        }
        throw new IllegalArgumentException("Not a valid Unicode code point: 0x"
                + Integer.toHexString(codePoint).toUpperCase());
    }

    // ---- digits ----

    /** First code point (value 0) of each run of ten decimal digits in the BMP above ASCII. */
    private static final char[] DIGIT_ZEROS = {
        0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66,
        0x0CE6, 0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810,
        0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0,
        0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10
    };

    /** Mask of the decimal digits (Unicode Nd) of the BMP. */
    private static int digitMask(int c) {
        int m = inMask(c, '0', '9');
        char[] z = DIGIT_ZEROS;
        for (int i = 0; i < z.length; i++) {
            m |= ~(((c - z[i]) | (z[i] + 9 - c)) >> 31);
        }
        return m;
    }

    /**
     * Digit value plus one (1..36), or 0: decimal digits, ASCII letters and
     * fullwidth Latin letters, as accepted by Java's Character.digit.
     */
    private static int digitRaw(int c) {
        int v = (inMask(c, '0', '9') & (c - ('0' - 1)))
                | (inMask(c, 'a', 'z') & (c - ('a' - 11)))
                | (inMask(c, 'A', 'Z') & (c - ('A' - 11)))
                | (inMask(c, 0xFF21, 0xFF3A) & (c - (0xFF21 - 11)))
                | (inMask(c, 0xFF41, 0xFF5A) & (c - (0xFF41 - 11)));
        char[] z = DIGIT_ZEROS;
        for (int i = 0; i < z.length; i++) {
            int zero = z[i];
            v |= ~(((c - zero) | (zero + 9 - c)) >> 31) & (c - (zero - 1));
        }
        return v;
    }

    /**
     * The unassigned BMP code points of Unicode 13 (Java 17), as inclusive [first, last] pairs
     * in order: the complement of {@link #isDefined(char)}. Generated from the JDK's answers.
     */
    private static final class Unassigned {
        /** Only loaded by isDefined, so that no other path pays for the table. */
        static final char[] RANGES = {
            '\u0378', '\u0379', '\u0380', '\u0383', '\u038b', '\u038b', '\u038d', '\u038d',
            '\u03a2', '\u03a2', '\u0530', '\u0530', '\u0557', '\u0558', '\u058b', '\u058c',
            '\u0590', '\u0590', '\u05c8', '\u05cf', '\u05eb', '\u05ee', '\u05f5', '\u05ff',
            '\u061d', '\u061d', '\u070e', '\u070e', '\u074b', '\u074c', '\u07b2', '\u07bf',
            '\u07fb', '\u07fc', '\u082e', '\u082f', '\u083f', '\u083f', '\u085c', '\u085d',
            '\u085f', '\u085f', '\u086b', '\u089f', '\u08b5', '\u08b5', '\u08c8', '\u08d2',
            '\u0984', '\u0984', '\u098d', '\u098e', '\u0991', '\u0992', '\u09a9', '\u09a9',
            '\u09b1', '\u09b1', '\u09b3', '\u09b5', '\u09ba', '\u09bb', '\u09c5', '\u09c6',
            '\u09c9', '\u09ca', '\u09cf', '\u09d6', '\u09d8', '\u09db', '\u09de', '\u09de',
            '\u09e4', '\u09e5', '\u09ff', '\u0a00', '\u0a04', '\u0a04', '\u0a0b', '\u0a0e',
            '\u0a11', '\u0a12', '\u0a29', '\u0a29', '\u0a31', '\u0a31', '\u0a34', '\u0a34',
            '\u0a37', '\u0a37', '\u0a3a', '\u0a3b', '\u0a3d', '\u0a3d', '\u0a43', '\u0a46',
            '\u0a49', '\u0a4a', '\u0a4e', '\u0a50', '\u0a52', '\u0a58', '\u0a5d', '\u0a5d',
            '\u0a5f', '\u0a65', '\u0a77', '\u0a80', '\u0a84', '\u0a84', '\u0a8e', '\u0a8e',
            '\u0a92', '\u0a92', '\u0aa9', '\u0aa9', '\u0ab1', '\u0ab1', '\u0ab4', '\u0ab4',
            '\u0aba', '\u0abb', '\u0ac6', '\u0ac6', '\u0aca', '\u0aca', '\u0ace', '\u0acf',
            '\u0ad1', '\u0adf', '\u0ae4', '\u0ae5', '\u0af2', '\u0af8', '\u0b00', '\u0b00',
            '\u0b04', '\u0b04', '\u0b0d', '\u0b0e', '\u0b11', '\u0b12', '\u0b29', '\u0b29',
            '\u0b31', '\u0b31', '\u0b34', '\u0b34', '\u0b3a', '\u0b3b', '\u0b45', '\u0b46',
            '\u0b49', '\u0b4a', '\u0b4e', '\u0b54', '\u0b58', '\u0b5b', '\u0b5e', '\u0b5e',
            '\u0b64', '\u0b65', '\u0b78', '\u0b81', '\u0b84', '\u0b84', '\u0b8b', '\u0b8d',
            '\u0b91', '\u0b91', '\u0b96', '\u0b98', '\u0b9b', '\u0b9b', '\u0b9d', '\u0b9d',
            '\u0ba0', '\u0ba2', '\u0ba5', '\u0ba7', '\u0bab', '\u0bad', '\u0bba', '\u0bbd',
            '\u0bc3', '\u0bc5', '\u0bc9', '\u0bc9', '\u0bce', '\u0bcf', '\u0bd1', '\u0bd6',
            '\u0bd8', '\u0be5', '\u0bfb', '\u0bff', '\u0c0d', '\u0c0d', '\u0c11', '\u0c11',
            '\u0c29', '\u0c29', '\u0c3a', '\u0c3c', '\u0c45', '\u0c45', '\u0c49', '\u0c49',
            '\u0c4e', '\u0c54', '\u0c57', '\u0c57', '\u0c5b', '\u0c5f', '\u0c64', '\u0c65',
            '\u0c70', '\u0c76', '\u0c8d', '\u0c8d', '\u0c91', '\u0c91', '\u0ca9', '\u0ca9',
            '\u0cb4', '\u0cb4', '\u0cba', '\u0cbb', '\u0cc5', '\u0cc5', '\u0cc9', '\u0cc9',
            '\u0cce', '\u0cd4', '\u0cd7', '\u0cdd', '\u0cdf', '\u0cdf', '\u0ce4', '\u0ce5',
            '\u0cf0', '\u0cf0', '\u0cf3', '\u0cff', '\u0d0d', '\u0d0d', '\u0d11', '\u0d11',
            '\u0d45', '\u0d45', '\u0d49', '\u0d49', '\u0d50', '\u0d53', '\u0d64', '\u0d65',
            '\u0d80', '\u0d80', '\u0d84', '\u0d84', '\u0d97', '\u0d99', '\u0db2', '\u0db2',
            '\u0dbc', '\u0dbc', '\u0dbe', '\u0dbf', '\u0dc7', '\u0dc9', '\u0dcb', '\u0dce',
            '\u0dd5', '\u0dd5', '\u0dd7', '\u0dd7', '\u0de0', '\u0de5', '\u0df0', '\u0df1',
            '\u0df5', '\u0e00', '\u0e3b', '\u0e3e', '\u0e5c', '\u0e80', '\u0e83', '\u0e83',
            '\u0e85', '\u0e85', '\u0e8b', '\u0e8b', '\u0ea4', '\u0ea4', '\u0ea6', '\u0ea6',
            '\u0ebe', '\u0ebf', '\u0ec5', '\u0ec5', '\u0ec7', '\u0ec7', '\u0ece', '\u0ecf',
            '\u0eda', '\u0edb', '\u0ee0', '\u0eff', '\u0f48', '\u0f48', '\u0f6d', '\u0f70',
            '\u0f98', '\u0f98', '\u0fbd', '\u0fbd', '\u0fcd', '\u0fcd', '\u0fdb', '\u0fff',
            '\u10c6', '\u10c6', '\u10c8', '\u10cc', '\u10ce', '\u10cf', '\u1249', '\u1249',
            '\u124e', '\u124f', '\u1257', '\u1257', '\u1259', '\u1259', '\u125e', '\u125f',
            '\u1289', '\u1289', '\u128e', '\u128f', '\u12b1', '\u12b1', '\u12b6', '\u12b7',
            '\u12bf', '\u12bf', '\u12c1', '\u12c1', '\u12c6', '\u12c7', '\u12d7', '\u12d7',
            '\u1311', '\u1311', '\u1316', '\u1317', '\u135b', '\u135c', '\u137d', '\u137f',
            '\u139a', '\u139f', '\u13f6', '\u13f7', '\u13fe', '\u13ff', '\u169d', '\u169f',
            '\u16f9', '\u16ff', '\u170d', '\u170d', '\u1715', '\u171f', '\u1737', '\u173f',
            '\u1754', '\u175f', '\u176d', '\u176d', '\u1771', '\u1771', '\u1774', '\u177f',
            '\u17de', '\u17df', '\u17ea', '\u17ef', '\u17fa', '\u17ff', '\u180f', '\u180f',
            '\u181a', '\u181f', '\u1879', '\u187f', '\u18ab', '\u18af', '\u18f6', '\u18ff',
            '\u191f', '\u191f', '\u192c', '\u192f', '\u193c', '\u193f', '\u1941', '\u1943',
            '\u196e', '\u196f', '\u1975', '\u197f', '\u19ac', '\u19af', '\u19ca', '\u19cf',
            '\u19db', '\u19dd', '\u1a1c', '\u1a1d', '\u1a5f', '\u1a5f', '\u1a7d', '\u1a7e',
            '\u1a8a', '\u1a8f', '\u1a9a', '\u1a9f', '\u1aae', '\u1aaf', '\u1ac1', '\u1aff',
            '\u1b4c', '\u1b4f', '\u1b7d', '\u1b7f', '\u1bf4', '\u1bfb', '\u1c38', '\u1c3a',
            '\u1c4a', '\u1c4c', '\u1c89', '\u1c8f', '\u1cbb', '\u1cbc', '\u1cc8', '\u1ccf',
            '\u1cfb', '\u1cff', '\u1dfa', '\u1dfa', '\u1f16', '\u1f17', '\u1f1e', '\u1f1f',
            '\u1f46', '\u1f47', '\u1f4e', '\u1f4f', '\u1f58', '\u1f58', '\u1f5a', '\u1f5a',
            '\u1f5c', '\u1f5c', '\u1f5e', '\u1f5e', '\u1f7e', '\u1f7f', '\u1fb5', '\u1fb5',
            '\u1fc5', '\u1fc5', '\u1fd4', '\u1fd5', '\u1fdc', '\u1fdc', '\u1ff0', '\u1ff1',
            '\u1ff5', '\u1ff5', '\u1fff', '\u1fff', '\u2065', '\u2065', '\u2072', '\u2073',
            '\u208f', '\u208f', '\u209d', '\u209f', '\u20c0', '\u20cf', '\u20f1', '\u20ff',
            '\u218c', '\u218f', '\u2427', '\u243f', '\u244b', '\u245f', '\u2b74', '\u2b75',
            '\u2b96', '\u2b96', '\u2c2f', '\u2c2f', '\u2c5f', '\u2c5f', '\u2cf4', '\u2cf8',
            '\u2d26', '\u2d26', '\u2d28', '\u2d2c', '\u2d2e', '\u2d2f', '\u2d68', '\u2d6e',
            '\u2d71', '\u2d7e', '\u2d97', '\u2d9f', '\u2da7', '\u2da7', '\u2daf', '\u2daf',
            '\u2db7', '\u2db7', '\u2dbf', '\u2dbf', '\u2dc7', '\u2dc7', '\u2dcf', '\u2dcf',
            '\u2dd7', '\u2dd7', '\u2ddf', '\u2ddf', '\u2e53', '\u2e7f', '\u2e9a', '\u2e9a',
            '\u2ef4', '\u2eff', '\u2fd6', '\u2fef', '\u2ffc', '\u2fff', '\u3040', '\u3040',
            '\u3097', '\u3098', '\u3100', '\u3104', '\u3130', '\u3130', '\u318f', '\u318f',
            '\u31e4', '\u31ef', '\u321f', '\u321f', '\u9ffd', '\u9fff', '\ua48d', '\ua48f',
            '\ua4c7', '\ua4cf', '\ua62c', '\ua63f', '\ua6f8', '\ua6ff', '\ua7c0', '\ua7c1',
            '\ua7cb', '\ua7f4', '\ua82d', '\ua82f', '\ua83a', '\ua83f', '\ua878', '\ua87f',
            '\ua8c6', '\ua8cd', '\ua8da', '\ua8df', '\ua954', '\ua95e', '\ua97d', '\ua97f',
            '\ua9ce', '\ua9ce', '\ua9da', '\ua9dd', '\ua9ff', '\ua9ff', '\uaa37', '\uaa3f',
            '\uaa4e', '\uaa4f', '\uaa5a', '\uaa5b', '\uaac3', '\uaada', '\uaaf7', '\uab00',
            '\uab07', '\uab08', '\uab0f', '\uab10', '\uab17', '\uab1f', '\uab27', '\uab27',
            '\uab2f', '\uab2f', '\uab6c', '\uab6f', '\uabee', '\uabef', '\uabfa', '\uabff',
            '\ud7a4', '\ud7af', '\ud7c7', '\ud7ca', '\ud7fc', '\ud7ff', '\ufa6e', '\ufa6f',
            '\ufada', '\ufaff', '\ufb07', '\ufb12', '\ufb18', '\ufb1c', '\ufb37', '\ufb37',
            '\ufb3d', '\ufb3d', '\ufb3f', '\ufb3f', '\ufb42', '\ufb42', '\ufb45', '\ufb45',
            '\ufbc2', '\ufbd2', '\ufd40', '\ufd4f', '\ufd90', '\ufd91', '\ufdc8', '\ufdef',
            '\ufdfe', '\ufdff', '\ufe1a', '\ufe1f', '\ufe53', '\ufe53', '\ufe67', '\ufe67',
            '\ufe6c', '\ufe6f', '\ufe75', '\ufe75', '\ufefd', '\ufefe', '\uff00', '\uff00',
            '\uffbf', '\uffc1', '\uffc8', '\uffc9', '\uffd0', '\uffd1', '\uffd8', '\uffd9',
            '\uffdd', '\uffdf', '\uffe7', '\uffe7', '\uffef', '\ufff8', '\ufffe', '\uffff',
        };
    }

    /**
     * Whether the character is assigned in Unicode 13 (Java 17): everything below U+0378, else
     * a binary search over the unassigned ranges.
     */
    public static boolean isDefined(char ch) {
        if (ch < '\u0378') {
            return true;
        }
        int lo = 0;
        char[] ranges = Unassigned.RANGES;
        int hi = ranges.length / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (ch < ranges[2 * mid]) {
                hi = mid - 1;
            } else if (ch > ranges[2 * mid + 1]) {
                lo = mid + 1;
            } else {
                return false;
            }
        }
        return true;
    }

    public static boolean isDigit(char ch) {
        return isDigit((int) ch);
    }

    public static boolean isDigit(int codePoint) {
        return digitMask(codePoint) != 0;
    }

    public static int digit(char ch, int radix) {
        return digit((int) ch, radix);
    }

    /**
     * Value of codePoint as a digit in radix, or -1: decimal digits, ASCII
     * letters, and fullwidth Latin letters (U+FF21.., U+FF41..) count, as in Java.
     */
    public static int digit(int codePoint, int radix) {
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return -1;
        }
        int v = digitRaw(codePoint) - 1;
        // v when 0 <= v < radix, else -1
        return (inMask(v, 0, radix - 1) & (v + 1)) - 1;
    }

    public static char forDigit(int digit, int radix) {
        if (digit >= radix || digit < 0) {
            return '\0';
        }
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return '\0';
        }
        if (digit < 10) {
            return (char) ('0' + digit);
        }
        return (char) ('a' - 10 + digit);
    }

    public static int getNumericValue(char ch) {
        return getNumericValue((int) ch);
    }

    /**
     * Numeric value: digits, letters a-z/A-Z (10..35, also fullwidth), superscripts
     * and vulgar fractions of Latin-1 (fractions give -2); otherwise -1.
     */
    public static int getNumericValue(int codePoint) {
        int c = codePoint;
        int raw = digitRaw(c)
                | (inMask(c, 0xB2, 0xB2) & 3)
                | (inMask(c, 0xB3, 0xB3) & 4)
                | (inMask(c, 0xB9, 0xB9) & 2)
                | inMask(c, 0xBC, 0xBE); // -2, stored as -1
        return raw - 1;
    }

    // ---- letters ----

    /** Sorted inclusive ranges of letters above U+00FF (common scripts only). */
    private static final char[] LETTER_RANGES = {
        0x0100, 0x02C1, 0x02C6, 0x02D1, 0x02E0, 0x02E4, 0x02EC, 0x02EC, 0x02EE, 0x02EE,
        0x0370, 0x0374, 0x0376, 0x0377, 0x037A, 0x037D, 0x037F, 0x037F, 0x0386, 0x0386,
        0x0388, 0x038A, 0x038C, 0x038C, 0x038E, 0x03A1, 0x03A3, 0x03F5, 0x03F7, 0x0481,
        0x048A, 0x052F, 0x0531, 0x0556, 0x0559, 0x0559, 0x0560, 0x0588, 0x05D0, 0x05EA,
        0x05EF, 0x05F2, 0x0620, 0x064A, 0x066E, 0x066F, 0x0671, 0x06D3, 0x06D5, 0x06D5,
        0x0712, 0x072F, 0x074D, 0x07A5, 0x0904, 0x0939, 0x093D, 0x093D, 0x0950, 0x0950,
        0x0958, 0x0961, 0x0D12, 0x0D3A, 0x0E01, 0x0E30, 0x0E32, 0x0E33, 0x0E40, 0x0E46,
        0x0F49, 0x0F6C, 0x1000, 0x102A, 0x10A0, 0x10C5, 0x10D0, 0x10FA, 0x10FC, 0x1248,
        0x1260, 0x1288, 0x12D8, 0x1310, 0x1318, 0x135A, 0x13A0, 0x13F5, 0x1401, 0x166C,
        0x16A0, 0x16EA, 0x1780, 0x17B3, 0x1820, 0x1878, 0x1D00, 0x1DBF, 0x1E00, 0x1F15,
        0x1F18, 0x1F1D, 0x1F20, 0x1F45, 0x1F48, 0x1F4D, 0x1F50, 0x1F57, 0x1F59, 0x1F59,
        0x1F5B, 0x1F5B, 0x1F5D, 0x1F5D, 0x1F5F, 0x1F7D, 0x1F80, 0x1FB4, 0x1FB6, 0x1FBC,
        0x1FBE, 0x1FBE, 0x1FC2, 0x1FC4, 0x1FC6, 0x1FCC, 0x1FD0, 0x1FD3, 0x1FD6, 0x1FDB,
        0x1FE0, 0x1FEC, 0x1FF2, 0x1FF4, 0x1FF6, 0x1FFC, 0x2C00, 0x2C2E, 0x2C30, 0x2C5E,
        0x2C60, 0x2CE4, 0x2D00, 0x2D25, 0x2D30, 0x2D67, 0x3041, 0x3096, 0x309D, 0x309F,
        0x30A1, 0x30FA, 0x30FC, 0x30FF, 0x3105, 0x312F, 0x3131, 0x318E, 0x3400, 0x4DBF,
        0x4E00, 0x9FFC, 0xA000, 0xA48C, 0xA500, 0xA60C, 0xA640, 0xA66E, 0xA722, 0xA788,
        0xA78B, 0xA7BF, 0xAB30, 0xAB5A, 0xAB70, 0xABE2, 0xAC00, 0xD7A3, 0xF900, 0xFA6D,
        0xFA70, 0xFAD9, 0xFB46, 0xFBB1, 0xFBD3, 0xFD3D, 0xFD50, 0xFD8F, 0xFD92, 0xFDC7,
        0xFE76, 0xFEFC, 0xFF21, 0xFF3A, 0xFF41, 0xFF5A, 0xFF66, 0xFFBE
    };

    /** Mask of the letters: exact in Latin-1, the ranges above. */
    private static int letterMask(int c) {
        return inMask(c, 'A', 'Z') | inMask(c, 'a', 'z') | inMask(c, 0xAA, 0xAA) | inMask(c, 0xB5, 0xB5)
                | inMask(c, 0xBA, 0xBA) | inMask(c, 0xC0, 0xD6) | inMask(c, 0xD8, 0xF6) | inMask(c, 0xF8, 0xFF)
                | rangesMask(LETTER_RANGES, c);
    }

    public static boolean isLetter(char ch) {
        return isLetter((int) ch);
    }

    public static boolean isLetter(int codePoint) {
        return letterMask(codePoint) != 0;
    }

    public static boolean isLetterOrDigit(char ch) {
        return isLetterOrDigit((int) ch);
    }

    public static boolean isLetterOrDigit(int codePoint) {
        return (letterMask(codePoint) | digitMask(codePoint)) != 0;
    }

    /** Letters, plus Roman numerals and circled Latin letters. */
    public static boolean isAlphabetic(int codePoint) {
        int c = codePoint;
        return (letterMask(c) | inMask(c, 0x2160, 0x2188) | inMask(c, 0x24B6, 0x24E9)) != 0;
    }

    // ---- case ----

    /**
     * Case pairs above U+00FF as (first upper, last upper, step, lower - upper):
     * for u in [first, last] with (u - first) % step == 0, lower(u) = u + delta.
     * Steps are 1 or 2; the lower-case ranges are disjoint as well.
     */
    private static final int[] CASE_PAIRS = {
        0x0100, 0x012E, 2, 1,
        0x0132, 0x0136, 2, 1,
        0x0139, 0x0147, 2, 1,
        0x014A, 0x0176, 2, 1,
        0x0179, 0x017D, 2, 1,
        0x01CD, 0x01DB, 2, 1,
        0x01DE, 0x01EE, 2, 1,
        0x01F8, 0x021E, 2, 1,
        0x0222, 0x0232, 2, 1,
        0x0246, 0x024E, 2, 1,
        0x0386, 0x0386, 1, 38,
        0x0388, 0x038A, 1, 37,
        0x038C, 0x038C, 1, 64,
        0x038E, 0x038F, 1, 63,
        0x0391, 0x03A1, 1, 32,
        0x03A3, 0x03AB, 1, 32,
        0x03D8, 0x03EE, 2, 1,
        0x0400, 0x040F, 1, 80,
        0x0410, 0x042F, 1, 32,
        0x0460, 0x0480, 2, 1,
        0x048A, 0x04BE, 2, 1,
        0x04C1, 0x04CD, 2, 1,
        0x04D0, 0x052E, 2, 1,
        0x0531, 0x0556, 1, 48,
        0x10A0, 0x10C5, 1, 7264,
        0x1E00, 0x1E94, 2, 1,
        0x1EA0, 0x1EFE, 2, 1,
        0x2160, 0x216F, 1, 16,
        0x24B6, 0x24CF, 1, 26,
        0xFF21, 0xFF3A, 1, 32
    };

    public static char toLowerCase(char ch) {
        return (char) toLowerCase((int) ch);
    }

    public static int toLowerCase(int codePoint) {
        int c = codePoint;
        int d = (inMask(c, 'A', 'Z') & 32)
                | (inMask(c, 0xC0, 0xD6) & 32)
                | (inMask(c, 0xD8, 0xDE) & 32)
                | (inMask(c, 0x0130, 0x0130) & ('i' - 0x0130))
                | (inMask(c, 0x0178, 0x0178) & (0xFF - 0x0178));
        int[] t = CASE_PAIRS;
        for (int i = 0; i < t.length; i += 4) {
            int first = t[i];
            // in range, and on the step: ((c - first) & (step - 1)) is 0
            d |= ~(((c - first) | (t[i + 1] - c)) >> 31) & (((c - first) & (t[i + 2] - 1)) - 1) & t[i + 3];
        }
        return c + d;
    }

    public static char toUpperCase(char ch) {
        return (char) toUpperCase((int) ch);
    }

    public static int toUpperCase(int codePoint) {
        int c = codePoint;
        int d = (inMask(c, 'a', 'z') & -32)
                | (inMask(c, 0xE0, 0xF6) & -32)
                | (inMask(c, 0xF8, 0xFE) & -32)
                | (inMask(c, 0xB5, 0xB5) & (0x039C - 0xB5))
                | (inMask(c, 0xFF, 0xFF) & (0x0178 - 0xFF))
                | (inMask(c, 0x0131, 0x0131) & ('I' - 0x0131))
                | (inMask(c, 0x017F, 0x017F) & ('S' - 0x017F))
                | (inMask(c, 0x03C2, 0x03C2) & (0x03A3 - 0x03C2));
        int[] t = CASE_PAIRS;
        for (int i = 0; i < t.length; i += 4) {
            int delta = t[i + 3];
            int first = t[i] + delta;
            d |= ~(((c - first) | (t[i + 1] + delta - c)) >> 31) & (((c - first) & (t[i + 2] - 1)) - 1) & -delta;
        }
        return c + d;
    }

    public static boolean isLowerCase(char ch) {
        return isLowerCase((int) ch);
    }

    /** Chars with an upper-case mapping, plus U+00AA, U+00BA and U+00DF. */
    public static boolean isLowerCase(int codePoint) {
        int c = codePoint;
        return ((toUpperCase(c) ^ c) | inMask(c, 0xAA, 0xAA) | inMask(c, 0xBA, 0xBA) | inMask(c, 0xDF, 0xDF)) != 0;
    }

    public static boolean isUpperCase(char ch) {
        return isUpperCase((int) ch);
    }

    /** Chars with a lower-case mapping. */
    public static boolean isUpperCase(int codePoint) {
        return toLowerCase(codePoint) != codePoint;
    }

    // ---- white space and controls ----

    public static boolean isWhitespace(char ch) {
        return isWhitespace((int) ch);
    }

    /** U+0009..U+000D, U+001C..U+0020 and the Unicode spaces that are not no-break spaces. */
    public static boolean isWhitespace(int codePoint) {
        int c = codePoint;
        return (inMask(c, 0x09, 0x0D) | inMask(c, 0x1C, 0x20) | inMask(c, 0x1680, 0x1680)
                | inMask(c, 0x2000, 0x2006) | inMask(c, 0x2008, 0x200A) | inMask(c, 0x2028, 0x2029)
                | inMask(c, 0x205F, 0x205F) | inMask(c, 0x3000, 0x3000)) != 0;
    }

    public static boolean isSpaceChar(char ch) {
        return isSpaceChar((int) ch);
    }

    public static boolean isSpaceChar(int codePoint) {
        int c = codePoint;
        return (inMask(c, 0x20, 0x20) | inMask(c, 0xA0, 0xA0) | inMask(c, 0x1680, 0x1680)
                | inMask(c, 0x2000, 0x200A) | inMask(c, 0x2028, 0x2029) | inMask(c, 0x202F, 0x202F)
                | inMask(c, 0x205F, 0x205F) | inMask(c, 0x3000, 0x3000)) != 0;
    }

    public static boolean isISOControl(char ch) {
        return isISOControl((int) ch);
    }

    public static boolean isISOControl(int codePoint) {
        return (inMask(codePoint, 0, 0x1F) | inMask(codePoint, 0x7F, 0x9F)) != 0;
    }

    // ---- Java identifiers ----

    /** Mask of the controls that are not white space, plus the common format characters. */
    private static int ignorableMask(int c) {
        return inMask(c, 0, 8) | inMask(c, 0x0E, 0x1B) | inMask(c, 0x7F, 0x9F) | inMask(c, 0xAD, 0xAD)
                | inMask(c, 0x0600, 0x0605) | inMask(c, 0x061C, 0x061C) | inMask(c, 0x06DD, 0x06DD)
                | inMask(c, 0x070F, 0x070F) | inMask(c, 0x08E2, 0x08E2) | inMask(c, 0x180E, 0x180E)
                | inMask(c, 0x200B, 0x200F) | inMask(c, 0x202A, 0x202E) | inMask(c, 0x2060, 0x2064)
                | inMask(c, 0x2066, 0x206F) | inMask(c, 0xFEFF, 0xFEFF) | inMask(c, 0xFFF9, 0xFFFB);
    }

    /** Mask of letters, '$', '_', currency symbols, connector punctuation and letter numbers. */
    private static int identifierStartMask(int c) {
        return letterMask(c) | inMask(c, '$', '$') | inMask(c, '_', '_') | inMask(c, 0xA2, 0xA5)
                | inMask(c, 0x20A0, 0x20C0) | inMask(c, 0x203F, 0x2040) | inMask(c, 0x2054, 0x2054)
                | inMask(c, 0xFE33, 0xFE34) | inMask(c, 0xFE4D, 0xFE4F) | inMask(c, 0xFF3F, 0xFF3F)
                | inMask(c, 0xFF04, 0xFF04) | inMask(c, 0x2160, 0x2188) | inMask(c, 0x3007, 0x3007)
                | inMask(c, 0x3021, 0x3029);
    }

    public static boolean isIdentifierIgnorable(char ch) {
        return isIdentifierIgnorable((int) ch);
    }

    public static boolean isIdentifierIgnorable(int codePoint) {
        return ignorableMask(codePoint) != 0;
    }

    public static boolean isJavaIdentifierStart(char ch) {
        return isJavaIdentifierStart((int) ch);
    }

    public static boolean isJavaIdentifierStart(int codePoint) {
        return identifierStartMask(codePoint) != 0;
    }

    public static boolean isJavaIdentifierPart(char ch) {
        return isJavaIdentifierPart((int) ch);
    }

    /** Identifier starts, digits, combining marks and ignorable characters. */
    public static boolean isJavaIdentifierPart(int codePoint) {
        int c = codePoint;
        return (identifierStartMask(c) | digitMask(c) | ignorableMask(c)
                | inMask(c, 0x0300, 0x036F) | inMask(c, 0x0483, 0x0487) | inMask(c, 0x0591, 0x05BD)
                | inMask(c, 0x0610, 0x061A) | inMask(c, 0x064B, 0x065F) | inMask(c, 0x0900, 0x0903)
                | inMask(c, 0x093A, 0x094F) | inMask(c, 0x20D0, 0x20F0) | inMask(c, 0xFE00, 0xFE0F)
                | inMask(c, 0xFE20, 0xFE2F)) != 0;
    }
}
