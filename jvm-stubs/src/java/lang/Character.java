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

    /** Whether {@code ch} is an assigned Unicode char (Unicode 13, as Java 17). */
    public static boolean isDefined(char ch) {
        return isDefined((int) ch);
    }

    /** Assigned code points: all of U+0000..U+0377, a table above; supplementary ones are approximated as assigned below U+E0000. */
    public static boolean isDefined(int codePoint) {
        if (codePoint < 0x0378) {
            return codePoint >= 0;
        }
        if (codePoint < 0x10000) {
            return CharacterTables.assigned(codePoint);
        }
        return codePoint < 0xE0000;
    }

    /** The title-case letters: U+01C5, U+01C8, U+01CB, U+01F2 and Greek with prosgegrammeni. */
    public static boolean isTitleCase(char ch) {
        return isTitleCase((int) ch);
    }

    /** See {@link #isTitleCase(char)}. */
    public static boolean isTitleCase(int codePoint) {
        int c = codePoint;
        return (inMask(c, 0x01C5, 0x01C5) | inMask(c, 0x01C8, 0x01C8) | inMask(c, 0x01CB, 0x01CB)
                | inMask(c, 0x01F2, 0x01F2) | inMask(c, 0x1F88, 0x1F8F) | inMask(c, 0x1F98, 0x1F9F)
                | inMask(c, 0x1FA8, 0x1FAF) | inMask(c, 0x1FBC, 0x1FBC) | inMask(c, 0x1FCC, 0x1FCC)
                | inMask(c, 0x1FFC, 0x1FFC)) != 0;
    }

    /** Title case: the upper case, except the DŽ/LJ/NJ/DZ digraphs and Georgian letters. */
    public static char toTitleCase(char ch) {
        return (char) toTitleCase((int) ch);
    }

    /** See {@link #toTitleCase(char)}. */
    public static int toTitleCase(int codePoint) {
        int c = codePoint;
        if (c >= 0x01C4 && c <= 0x01F3) {
            if (c <= 0x01C6) {
                return 0x01C5;
            }
            if (c >= 0x01C7 && c <= 0x01C9) {
                return 0x01C8;
            }
            if (c >= 0x01CA && c <= 0x01CC) {
                return 0x01CB;
            }
            if (c >= 0x01F1) {
                return 0x01F2;
            }
        }
        if ((c >= 0x10D0 && c <= 0x10FA) || (c >= 0x10FD && c <= 0x10FF)) {
            return c;
        }
        return toUpperCase(c);
    }
}
