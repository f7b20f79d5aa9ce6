package java.util.regex;

/**
 * jsymex model: a set of chars that one regex position may match. {@link #has} answers 1 or
 * 0 and, for the ASCII-based sets (single chars, ranges, \d \w \s, '.', their unions,
 * intersections and negations), computes the answer with arithmetic only, so a symbolic char
 * costs the caller exactly one branch per test, whatever the shape of the class.
 * Unicode properties call the Character model (which branches).
 */
abstract class CharSet {

    /** 1 if {@code c} is in the set, 0 otherwise. */
    abstract int has(int c);

    /** 1 when lo <= c <= hi, without a branch (c, lo and hi are chars). */
    static int range(int c, int lo, int hi) {
        int x = (c - lo) & 0xFFFF;
        return ((hi - lo - x) >>> 31) ^ 1;
    }

    /** 1 when a == b, without a branch (a and b are chars). */
    static int eq(int a, int b) {
        return ((a ^ b) - 1) >>> 31;
    }

    /** 1 for an ASCII letter, without a branch. */
    static int asciiLetter(int c) {
        return range(c | 0x20, 'a', 'z');
    }

    /** 1 for a line terminator (\n \r \u0085 \u2028 \u2029), or only \n with UNIX_LINES. */
    static int lineTerminator(int c, boolean unixLines) {
        if (unixLines) {
            return eq(c, '\n');
        }
        return eq(c, '\n') | eq(c, '\r') | eq(c, 0x85) | range(c, 0x2028, 0x2029);
    }

    /** One char, case-insensitively when asked (ASCII, or Unicode with UNICODE_CASE). */
    static CharSet single(char ch, int flags) {
        if ((flags & Pattern.CASE_INSENSITIVE) != 0) {
            if ((flags & Pattern.UNICODE_CASE) != 0) {
                return new UnicodeCaseChar(ch);
            }
            if ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') {
                return new AsciiCaseChar((char) (ch | 0x20));
            }
        }
        return new Single(ch);
    }

    /** One char. */
    static final class Single extends CharSet {
        private final char ch;

        Single(char ch) {
            this.ch = ch;
        }

        int has(int c) {
            return eq(c, ch);
        }
    }

    /** An ASCII letter in either case ({@code lower} is the lower-case form). */
    static final class AsciiCaseChar extends CharSet {
        private final char lower;

        AsciiCaseChar(char lower) {
            this.lower = lower;
        }

        int has(int c) {
            return eq(c | 0x20, lower);
        }
    }

    /** A non-ASCII char compared through Character.toUpperCase/toLowerCase. */
    static final class UnicodeCaseChar extends CharSet {
        private final char ch;

        UnicodeCaseChar(char ch) {
            this.ch = ch;
        }

        int has(int c) {
            if (c == ch) {
                return 1;
            }
            char u = Character.toUpperCase((char) c);
            if (u == Character.toUpperCase(ch)) {
                return 1;
            }
            return Character.toLowerCase(u) == Character.toLowerCase(ch) ? 1 : 0;
        }
    }

    /** A range lo..hi; with CASE_INSENSITIVE an ASCII letter also matches by its other case. */
    static final class Range extends CharSet {
        private final char lo;
        private final char hi;
        private final boolean asciiCase;
        private final boolean unicodeCase;

        Range(char lo, char hi, int flags) {
            this.lo = lo;
            this.hi = hi;
            boolean ci = (flags & Pattern.CASE_INSENSITIVE) != 0;
            this.asciiCase = ci;
            this.unicodeCase = ci && (flags & Pattern.UNICODE_CASE) != 0 && hi >= 0x80;
        }

        int has(int c) {
            int r = range(c, lo, hi);
            if (asciiCase) {
                r |= asciiLetter(c) & range(c ^ 0x20, lo, hi);
            }
            if (unicodeCase && r == 0) {
                char u = Character.toUpperCase((char) c);
                char l = Character.toLowerCase((char) c);
                r = (u >= lo && u <= hi) || (l >= lo && l <= hi) ? 1 : 0;
            }
            return r;
        }
    }

    /** Every char. */
    static final class All extends CharSet {
        int has(int c) {
            return 1;
        }
    }

    /** '.': any char but a line terminator. */
    static final class Dot extends CharSet {
        private final boolean unixLines;

        Dot(boolean unixLines) {
            this.unixLines = unixLines;
        }

        int has(int c) {
            return lineTerminator(c, unixLines) ^ 1;
        }
    }

    /** The union of several sets. */
    static final class Union extends CharSet {
        private final CharSet[] parts;

        Union(CharSet[] parts) {
            this.parts = parts;
        }

        int has(int c) {
            int r = 0;
            for (int i = 0; i < parts.length; i++) {
                r |= parts[i].has(c);
            }
            return r;
        }
    }

    /** The intersection of two sets. */
    static final class Inter extends CharSet {
        private final CharSet a;
        private final CharSet b;

        Inter(CharSet a, CharSet b) {
            this.a = a;
            this.b = b;
        }

        int has(int c) {
            return a.has(c) & b.has(c);
        }
    }

    /** The complement of a set. */
    static final class Not extends CharSet {
        private final CharSet a;

        Not(CharSet a) {
            this.a = a;
        }

        int has(int c) {
            return a.has(c) ^ 1;
        }
    }

    /** Kinds of {@link Builtin}. */
    static final int DIGIT = 0, WORD = 1, SPACE = 2, HSPACE = 3, VSPACE = 4, LOWER = 5, UPPER = 6,
            ASCII = 7, ALPHA = 8, ALNUM = 9, PUNCT = 10, GRAPH = 11, PRINT = 12, BLANK = 13,
            CNTRL = 14, XDIGIT = 15, J_LOWER = 16, J_UPPER = 17, J_WHITESPACE = 18, U_LETTER = 19,
            U_UPPER = 20, U_LOWER = 21, U_DIGIT = 22, U_ALPHABETIC = 23, J_LETTER = 24,
            J_DIGIT = 25, J_LETTER_OR_DIGIT = 26, COMBINING_MARKS = 27, BASIC_LATIN = 28,
            LATIN1_SUPPLEMENT = 29, J_SPACE_CHAR = 30, J_ISO_CONTROL = 31, CASED = 32;

    /** The predefined classes (\d \w \s \h \v) and the \p{...} properties. */
    static final class Builtin extends CharSet {
        private final int kind;

        Builtin(int kind) {
            this.kind = kind;
        }

        int has(int c) {
            switch (kind) {
                case DIGIT:
                    return range(c, '0', '9');
                case WORD:
                    return asciiLetter(c) | range(c, '0', '9') | eq(c, '_');
                case SPACE:
                    return range(c, '\t', '\r') | eq(c, ' ');
                case HSPACE:
                    return eq(c, ' ') | eq(c, '\t') | eq(c, 0xA0) | eq(c, 0x1680) | eq(c, 0x180E)
                            | range(c, 0x2000, 0x200A) | eq(c, 0x202F) | eq(c, 0x205F) | eq(c, 0x3000);
                case VSPACE:
                    return range(c, '\n', '\r') | eq(c, 0x85) | range(c, 0x2028, 0x2029);
                case LOWER:
                    return range(c, 'a', 'z');
                case UPPER:
                    return range(c, 'A', 'Z');
                case ASCII:
                    return range(c, 0, 0x7F);
                case ALPHA:
                    return asciiLetter(c);
                case ALNUM:
                    return asciiLetter(c) | range(c, '0', '9');
                case PUNCT:
                    return range(c, '!', '/') | range(c, ':', '@') | range(c, '[', '`') | range(c, '{', '~');
                case GRAPH:
                    return range(c, '!', '~');
                case PRINT:
                    return range(c, ' ', '~');
                case BLANK:
                    return eq(c, ' ') | eq(c, '\t');
                case CNTRL:
                    return range(c, 0, 0x1F) | eq(c, 0x7F);
                case XDIGIT:
                    return range(c, '0', '9') | range(c | 0x20, 'a', 'f');
                case J_LOWER:
                case U_LOWER:
                    return Character.isLowerCase((char) c) ? 1 : 0;
                case J_UPPER:
                case U_UPPER:
                    return Character.isUpperCase((char) c) ? 1 : 0;
                case J_WHITESPACE:
                    return Character.isWhitespace((char) c) ? 1 : 0;
                case U_LETTER:
                case J_LETTER:
                    return Character.isLetter((char) c) ? 1 : 0;
                case U_DIGIT:
                case J_DIGIT:
                    return Character.isDigit((char) c) ? 1 : 0;
                case U_ALPHABETIC:
                    return Character.isAlphabetic(c) ? 1 : 0;
                case J_LETTER_OR_DIGIT:
                    return Character.isLetterOrDigit((char) c) ? 1 : 0;
                case COMBINING_MARKS:
                    return range(c, 0x300, 0x36F);
                case BASIC_LATIN:
                    return range(c, 0, 0x7F);
                case LATIN1_SUPPLEMENT:
                    return range(c, 0x80, 0xFF);
                case CASED:
                    return Character.isLowerCase((char) c) || Character.isUpperCase((char) c)
                            || Character.isTitleCase((char) c) ? 1 : 0;
                case J_SPACE_CHAR:
                    return Character.isSpaceChar((char) c) ? 1 : 0;
                default:
                    return Character.isISOControl((char) c) ? 1 : 0;
            }
        }
    }

    /** The Builtin kind of a \p{name} property under {@code flags}, or -1 when the name is unknown. */
    static int property(String name, int flags) {
        int k = property(name);
        if ((flags & Pattern.CASE_INSENSITIVE) != 0) {
            if (k == LOWER || k == UPPER) {
                return ALPHA;
            }
            if (k == J_LOWER || k == J_UPPER || k == U_LOWER || k == U_UPPER) {
                return CASED;
            }
        }
        return k;
    }

    /** The Builtin kind of a \p{name} property, or -1 when the name is unknown. */
    static int property(String name) {
        String n = name.startsWith("Is") && name.length() > 2 ? name.substring(2) : name;
        String[] names = {
            "Lower", "Upper", "ASCII", "Alpha", "Digit", "Alnum", "Punct", "Graph", "Print", "Blank",
            "Cntrl", "XDigit", "Space", "javaLowerCase", "javaUpperCase", "javaWhitespace", "L", "Lu",
            "Ll", "Nd", "Alphabetic", "Letter", "javaLetter", "javaDigit", "javaLetterOrDigit",
            "InCombiningDiacriticalMarks", "InBasicLatin", "InLatin-1Supplement", "javaSpaceChar",
            "javaISOControl", "Uppercase", "Lowercase", "White_Space", "WhiteSpace"
        };
        int[] kinds = {
            LOWER, UPPER, ASCII, ALPHA, DIGIT, ALNUM, PUNCT, GRAPH, PRINT, BLANK,
            CNTRL, XDIGIT, SPACE, J_LOWER, J_UPPER, J_WHITESPACE, U_LETTER, U_UPPER,
            U_LOWER, U_DIGIT, U_ALPHABETIC, U_LETTER, J_LETTER, J_DIGIT, J_LETTER_OR_DIGIT,
            COMBINING_MARKS, BASIC_LATIN, LATIN1_SUPPLEMENT, J_SPACE_CHAR,
            J_ISO_CONTROL, U_UPPER, U_LOWER, J_WHITESPACE, J_WHITESPACE
        };
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name) || names[i].equals(n)) {
                return kinds[i];
            }
        }
        return -1;
    }
}
