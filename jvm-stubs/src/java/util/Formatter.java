package java.util;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.PrintStream;

/**
 * jsymex model of java.util.Formatter (and so of String.format, PrintStream.printf and
 * PrintWriter.printf).
 *
 * Supported: the conversions b B h H s S c C d o x X e E f g G % n, the flags - # + space 0 , (
 * and &lt; where Java allows them, width, precision, explicit (n$) and relative (&lt;) argument
 * indices, Formattable arguments, and the exceptions (with Java 17's messages) for bad formats
 * and arguments. Integer arguments are Byte, Short, Integer and Long; floating-point arguments
 * are Float (widened to double, as Java does) and Double. Floating-point conversions round
 * HALF_UP on the shortest decimal digits that identify the double (those of Double.toString),
 * which is what Java's Formatter does: %.2f of 2.675 is "2.68" and %.1f of 0.15 is "0.2".
 * The decimal and grouping separators come from the locale (see Locale); digits are always
 * ASCII.
 *
 * Not modelled (a "no model" error naming the member): the date/time conversions (%t, %T), the
 * hexadecimal floating-point conversion (%a) and BigInteger/BigDecimal arguments (they are
 * rejected like any other wrong argument type).
 */
public final class Formatter implements Closeable, Flushable {

    // Java's flag bits (FormattableFlags uses the first three)
    static final int LEFT = 1;
    static final int UPPER = 1 << 1;
    static final int ALT = 1 << 2;
    static final int PLUS = 1 << 3;
    static final int SPACE = 1 << 4;
    static final int ZERO = 1 << 5;
    static final int GROUP = 1 << 6;
    static final int PAREN = 1 << 7;
    static final int PREVIOUS = 1 << 8;

    private static final String FLAG_CHARS = "-#+ 0,(<";

    private Appendable a;
    private final Locale l;
    private IOException lastException;

    public Formatter() {
        this(new StringBuilder(), Locale.getDefault(Locale.Category.FORMAT));
    }

    public Formatter(Appendable a) {
        this(a, Locale.getDefault(Locale.Category.FORMAT));
    }

    public Formatter(Locale l) {
        this(new StringBuilder(), l);
    }

    public Formatter(Appendable a, Locale l) {
        this.a = (a == null) ? new StringBuilder() : a;
        this.l = l;
    }

    public Formatter(PrintStream ps) {
        this((Appendable) Objects.requireNonNull(ps), Locale.getDefault(Locale.Category.FORMAT));
    }

    private void ensureOpen() {
        if (a == null) {
            throw new FormatterClosedException();
        }
    }

    public Locale locale() {
        ensureOpen();
        return l;
    }

    public Appendable out() {
        ensureOpen();
        return a;
    }

    public String toString() {
        ensureOpen();
        return a.toString();
    }

    public void flush() {
        ensureOpen();
        if (a instanceof Flushable) {
            try {
                ((Flushable) a).flush();
            } catch (IOException e) {
                lastException = e;
            }
        }
    }

    public void close() {
        if (a == null) {
            return;
        }
        try {
            if (a instanceof Closeable) {
                ((Closeable) a).close();
            }
        } catch (IOException e) {
            lastException = e;
        } finally {
            a = null;
        }
    }

    public IOException ioException() {
        return lastException;
    }

    public Formatter format(String format, Object... args) {
        return format(l, format, args);
    }

    /**
     * Parses the whole format first (so a malformed specifier anywhere fails before any output),
     * then writes the pieces in order; an argument error stops after the pieces before it.
     */
    public Formatter format(Locale l, String format, Object... args) {
        ensureOpen();
        ArrayList<Object> pieces = parse(format);
        int last = -1;
        int ordinary = -1;
        try {
            for (int k = 0; k < pieces.size(); k++) {
                Object piece = pieces.get(k);
                if (piece instanceof String) {
                    a.append((String) piece);
                    continue;
                }
                Spec fs = (Spec) piece;
                if (fs.c == '%' || fs.c == 'n') {
                    fs.print(this, null, l);
                    continue;
                }
                int index;
                if (fs.index == -1) {
                    index = last;
                    if (last < 0) {
                        throw new MissingFormatArgumentException(fs.toString());
                    }
                } else if (fs.index == 0) {
                    ordinary++;
                    last = ordinary;
                    index = ordinary;
                } else {
                    last = fs.index - 1;
                    index = last;
                }
                if (args != null && index > args.length - 1) {
                    throw new MissingFormatArgumentException(fs.toString());
                }
                fs.print(this, args == null ? null : args[index], l);
            }
        } catch (IOException e) {
            lastException = e;
        }
        return this;
    }

    // ---- parsing ----

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isConversionChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '%';
    }

    /** Fixed text as Strings and specifiers as Specs, following %[index$][flags][width][.precision]conversion. */
    private static ArrayList<Object> parse(String s) {
        ArrayList<Object> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            int p = s.indexOf('%', i);
            if (p < 0) {
                out.add(s.substring(i));
                break;
            }
            if (p > i) {
                out.add(s.substring(i, p));
            }
            i = p + 1;
            if (i >= n) {
                throw new UnknownFormatConversionException("%");
            }
            Spec fs = new Spec();
            i = fs.parse(s, i);
            out.add(fs);
        }
        return out;
    }

    /** The digits s[from, to) as an int, or -1 when they do not fit. */
    private static int parseNumber(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            v = v * 10 + (s.charAt(i) - '0');
            if (v > Integer.MAX_VALUE) {
                return -1;
            }
        }
        return (int) v;
    }

    /** Java's Flags.toString order. */
    static String flagString(int f) {
        StringBuilder sb = new StringBuilder();
        if ((f & LEFT) != 0) {
            sb.append('-');
        }
        if ((f & UPPER) != 0) {
            sb.append('^');
        }
        if ((f & ALT) != 0) {
            sb.append('#');
        }
        if ((f & PLUS) != 0) {
            sb.append('+');
        }
        if ((f & SPACE) != 0) {
            sb.append(' ');
        }
        if ((f & ZERO) != 0) {
            sb.append('0');
        }
        if ((f & GROUP) != 0) {
            sb.append(',');
        }
        if ((f & PAREN) != 0) {
            sb.append('(');
        }
        if ((f & PREVIOUS) != 0) {
            sb.append('<');
        }
        return sb.toString();
    }

    /** Date/time conversions are not modelled: calling this native is jsymex's "no model" error. */
    private static native void dateTimeConversionsAreNotModelled();

    /** %a is not modelled: calling this native is jsymex's "no model" error. */
    private static native void hexFloatConversionIsNotModelled();

    /** One format specifier. */
    static final class Spec {
        /** 0: the next ordinary argument; -1: the previous one (flag '<'); n > 0: argument n. */
        int index;
        int f;
        int width = -1;
        int precision = -1;
        /** The conversion, lower-cased (UPPER in f records an upper-case one). */
        char c;
        boolean dt;

        /** Parses the specifier after the '%' at start - 1; returns the index after it. */
        int parse(String s, int start) {
            int n = s.length();
            int k = start;
            int d = k;
            while (d < n && isDigit(s.charAt(d))) {
                d++;
            }
            int idxFrom = -1;
            int idxTo = -1;
            if (d > k && d < n && s.charAt(d) == '$') {
                idxFrom = k;
                idxTo = d;
                k = d + 1;
            }
            int flagsFrom = k;
            while (k < n && FLAG_CHARS.indexOf(s.charAt(k)) >= 0) {
                k++;
            }
            int flagsTo = k;
            int widthFrom = k;
            while (k < n && isDigit(s.charAt(k))) {
                k++;
            }
            int widthTo = k;
            int precFrom = -1;
            int precTo = -1;
            if (k + 1 < n && s.charAt(k) == '.' && isDigit(s.charAt(k + 1))) {
                precFrom = k + 1;
                k = precFrom;
                while (k < n && isDigit(s.charAt(k))) {
                    k++;
                }
                precTo = k;
            }
            if (k + 1 < n && (s.charAt(k) == 't' || s.charAt(k) == 'T') && isConversionChar(s.charAt(k + 1))) {
                dt = true;
                if (s.charAt(k) == 'T') {
                    f |= UPPER;
                }
                k++;
            }
            if (k >= n || !isConversionChar(s.charAt(k))) {
                throw new UnknownFormatConversionException(String.valueOf(s.charAt(start)));
            }
            char conv = s.charAt(k);
            k++;
            // the parts in Java's order: index, flags, width, precision, conversion
            if (idxFrom >= 0) {
                int v = parseNumber(s, idxFrom, idxTo);
                if (v < 0) {
                    throw new IllegalFormatArgumentIndexException(Integer.MIN_VALUE);
                }
                if (v == 0) {
                    throw new IllegalFormatArgumentIndexException(0);
                }
                index = v;
            }
            for (int i = flagsFrom; i < flagsTo; i++) {
                char fc = s.charAt(i);
                int bit = flagBit(fc);
                if ((f & bit) != 0) {
                    throw new DuplicateFormatFlagsException(String.valueOf(fc));
                }
                f |= bit;
            }
            if ((f & PREVIOUS) != 0) {
                index = -1;
            }
            if (widthTo > widthFrom) {
                width = parseNumber(s, widthFrom, widthTo);
                if (width < 0) {
                    throw new IllegalFormatWidthException(Integer.MIN_VALUE);
                }
            }
            if (precFrom >= 0) {
                precision = parseNumber(s, precFrom, precTo);
                if (precision < 0) {
                    throw new IllegalFormatPrecisionException(Integer.MIN_VALUE);
                }
            }
            if (dt) {
                c = conv;
                if ("HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc".indexOf(conv) < 0) {
                    throw new UnknownFormatConversionException(String.valueOf(s.charAt(k - 2)) + conv);
                }
                checkDateTime();
                return k;
            }
            if (conv >= 'A' && conv <= 'Z') {
                if ("BHSCXEGA".indexOf(conv) < 0) {
                    throw new UnknownFormatConversionException(String.valueOf(conv));
                }
                f |= UPPER;
                conv = (char) (conv + ('a' - 'A'));
            }
            c = conv;
            switch (conv) {
                case 'b':
                case 'h':
                case 's':
                    checkGeneral();
                    break;
                case 'c':
                    checkCharacter();
                    break;
                case 'd':
                case 'o':
                case 'x':
                    checkInteger();
                    break;
                case 'e':
                case 'f':
                case 'g':
                case 'a':
                    checkFloat();
                    break;
                case '%':
                case 'n':
                    checkText();
                    break;
                default:
                    throw new UnknownFormatConversionException(String.valueOf(conv));
            }
            return k;
        }

        private static int flagBit(char fc) {
            switch (fc) {
                case '-':
                    return LEFT;
                case '#':
                    return ALT;
                case '+':
                    return PLUS;
                case ' ':
                    return SPACE;
                case '0':
                    return ZERO;
                case ',':
                    return GROUP;
                case '(':
                    return PAREN;
                default:
                    return PREVIOUS;
            }
        }

        private boolean has(int bit) {
            return (f & bit) != 0;
        }

        /** Throws for the first of the given flags (in the given order) that is set. */
        private void checkBadFlags(int... bits) {
            for (int i = 0; i < bits.length; i++) {
                if (has(bits[i])) {
                    throw new FormatFlagsConversionMismatchException(flagString(bits[i]), c);
                }
            }
        }

        private void checkMissingWidth(int bits) {
            if (width == -1 && (f & bits) != 0) {
                throw new MissingFormatWidthException(toString());
            }
        }

        private void checkGeneral() {
            if ((c == 'b' || c == 'h') && has(ALT)) {
                checkBadFlags(ALT);
            }
            checkMissingWidth(LEFT);
            checkBadFlags(PLUS, SPACE, ZERO, GROUP, PAREN);
        }

        private void checkCharacter() {
            if (precision != -1) {
                throw new IllegalFormatPrecisionException(precision);
            }
            checkBadFlags(ALT, PLUS, SPACE, ZERO, GROUP, PAREN);
            checkMissingWidth(LEFT);
        }

        private void checkNumeric() {
            checkMissingWidth(LEFT | ZERO);
            if ((has(PLUS) && has(SPACE)) || (has(LEFT) && has(ZERO))) {
                throw new IllegalFormatFlagsException(flagString(f));
            }
        }

        private void checkInteger() {
            checkNumeric();
            if (precision != -1) {
                throw new IllegalFormatPrecisionException(precision);
            }
            if (c == 'd') {
                checkBadFlags(ALT);
            } else {
                checkBadFlags(GROUP);
            }
        }

        private void checkFloat() {
            checkNumeric();
            if (c == 'a') {
                checkBadFlags(PAREN, GROUP);
            } else if (c == 'e') {
                checkBadFlags(GROUP);
            } else if (c == 'g') {
                checkBadFlags(ALT);
            }
        }

        private void checkText() {
            if (precision != -1) {
                throw new IllegalFormatPrecisionException(precision);
            }
            if (c == '%') {
                if ((f & ~LEFT) != 0) {
                    throw new IllegalFormatFlagsException(flagString(f));
                }
                checkMissingWidth(LEFT);
            } else {
                if (width != -1) {
                    throw new IllegalFormatWidthException(width);
                }
                if (f != 0) {
                    throw new IllegalFormatFlagsException(flagString(f));
                }
            }
        }

        private void checkDateTime() {
            if (precision != -1) {
                throw new IllegalFormatPrecisionException(precision);
            }
            checkBadFlags(ALT, PLUS, SPACE, ZERO, GROUP, PAREN);
            checkMissingWidth(LEFT);
        }

        /** The specifier as Java prints it in exception messages. */
        public String toString() {
            StringBuilder sb = new StringBuilder("%");
            sb.append(flagString(f & ~UPPER));
            if (index > 0) {
                sb.append(index).append('$');
            }
            if (width != -1) {
                sb.append(width);
            }
            if (precision != -1) {
                sb.append('.').append(precision);
            }
            if (dt) {
                sb.append(has(UPPER) ? 'T' : 't');
                sb.append(c);
            } else {
                sb.append(has(UPPER) ? Character.toUpperCase(c) : c);
            }
            return sb.toString();
        }

        // ---- printing ----

        void print(Formatter fmt, Object arg, Locale l) throws IOException {
            Appendable a = fmt.a;
            if (dt) {
                if (arg == null) {
                    printString(a, "null");
                    return;
                }
                if (!(arg instanceof Long)) {
                    throw new IllegalFormatConversionException(c, arg.getClass());
                }
                dateTimeConversionsAreNotModelled();
                return;
            }
            switch (c) {
                case '%':
                    printString(a, "%");
                    return;
                case 'n':
                    a.append(System.lineSeparator());
                    return;
                case 'b':
                    printString(a, arg == null ? "false" : (arg instanceof Boolean) ? arg.toString() : "true");
                    return;
                case 'h':
                    printString(a, arg == null ? "null" : Integer.toHexString(arg.hashCode()));
                    return;
                case 's':
                    if (arg instanceof Formattable) {
                        Formatter target = fmt;
                        if (fmt.l != l) {
                            target = new Formatter(a, l);
                        }
                        ((Formattable) arg).formatTo(target, f & (LEFT | UPPER | ALT), width, precision);
                        return;
                    }
                    if (has(ALT)) {
                        checkBadFlags(ALT);
                    }
                    printString(a, arg == null ? "null" : arg.toString());
                    return;
                case 'c':
                    printCharacter(a, arg);
                    return;
                case 'd':
                case 'o':
                case 'x':
                    printInteger(a, arg, l);
                    return;
                default:
                    printFloat(a, arg, l);
            }
        }

        /** Precision truncates, %S upper-cases, width pads with spaces. */
        private void printString(Appendable a, String s) throws IOException {
            if (precision != -1 && precision < s.length()) {
                s = s.substring(0, precision);
            }
            if (has(UPPER)) {
                s = s.toUpperCase();
            }
            appendJustified(a, s);
        }

        private void appendJustified(Appendable a, CharSequence cs) throws IOException {
            if (width == -1 || width <= cs.length()) {
                a.append(cs);
                return;
            }
            int pad = width - cs.length();
            boolean left = has(LEFT);
            if (left) {
                a.append(cs);
            }
            for (int i = 0; i < pad; i++) {
                a.append(' ');
            }
            if (!left) {
                a.append(cs);
            }
        }

        private void printCharacter(Appendable a, Object arg) throws IOException {
            if (arg == null) {
                printString(a, "null");
                return;
            }
            int cp;
            if (arg instanceof Character) {
                printString(a, String.valueOf(((Character) arg).charValue()));
                return;
            } else if (arg instanceof Byte) {
                cp = ((Byte) arg).byteValue();
            } else if (arg instanceof Short) {
                cp = ((Short) arg).shortValue();
            } else if (arg instanceof Integer) {
                cp = ((Integer) arg).intValue();
            } else {
                throw new IllegalFormatConversionException(c, arg.getClass());
            }
            if (!Character.isValidCodePoint(cp)) {
                throw new IllegalFormatCodePointException(cp);
            }
            printString(a, new String(Character.toChars(cp)));
        }

        private void printInteger(Appendable a, Object arg, Locale l) throws IOException {
            if (arg == null) {
                printString(a, "null");
                return;
            }
            long v;
            int bits;
            if (arg instanceof Integer) {
                v = ((Integer) arg).intValue();
                bits = 32;
            } else if (arg instanceof Long) {
                v = ((Long) arg).longValue();
                bits = 64;
            } else if (arg instanceof Byte) {
                v = ((Byte) arg).byteValue();
                bits = 8;
            } else if (arg instanceof Short) {
                v = ((Short) arg).shortValue();
                bits = 16;
            } else {
                throw new IllegalFormatConversionException(c, arg.getClass());
            }
            StringBuilder sb = new StringBuilder();
            if (c == 'd') {
                boolean neg = v < 0;
                String digits = (bits == 64) ? Long.toString(v) : Integer.toString((int) v);
                if (neg) {
                    digits = digits.substring(1);
                }
                leadingSign(sb, neg);
                int begin = sb.length();
                appendGrouped(sb, digits, l);
                zeroPad(sb, begin, adjustWidth(width, neg));
                trailingSign(sb, neg);
            } else {
                checkBadFlags(PAREN, SPACE, PLUS);
                String digits;
                if (bits == 64) {
                    digits = (c == 'o') ? Long.toOctalString(v) : Long.toHexString(v);
                } else {
                    if (v < 0 && bits < 32) {
                        v += 1L << bits;
                    }
                    digits = (c == 'o') ? Integer.toOctalString((int) v) : Integer.toHexString((int) v);
                }
                if (has(ALT)) {
                    sb.append(c == 'o' ? "0" : has(UPPER) ? "0X" : "0x");
                }
                if (has(ZERO)) {
                    for (int i = sb.length() + digits.length(); i < width; i++) {
                        sb.append('0');
                    }
                }
                sb.append(has(UPPER) ? digits.toUpperCase() : digits);
            }
            appendJustified(a, sb);
        }

        private void leadingSign(StringBuilder sb, boolean neg) {
            if (!neg) {
                if (has(PLUS)) {
                    sb.append('+');
                } else if (has(SPACE)) {
                    sb.append(' ');
                }
            } else {
                sb.append(has(PAREN) ? '(' : '-');
            }
        }

        private void trailingSign(StringBuilder sb, boolean neg) {
            if (neg && has(PAREN)) {
                sb.append(')');
            }
        }

        /** The width left for sign and magnitude once a closing parenthesis is reserved. */
        private int adjustWidth(int w, boolean neg) {
            return (w != -1 && neg && has(PAREN)) ? w - 1 : w;
        }

        /** With flag '0', inserts zeros at begin until sb is w chars long. */
        private void zeroPad(StringBuilder sb, int begin, int w) {
            if (w != -1 && has(ZERO)) {
                while (sb.length() < w) {
                    sb.insert(begin, '0');
                }
            }
        }

        /** Appends integer digits, with the locale's grouping separator every three digits for flag ','. */
        private void appendGrouped(StringBuilder sb, CharSequence digits, Locale l) {
            int n = digits.length();
            if (!has(GROUP)) {
                sb.append(digits);
                return;
            }
            char sep = (l == null) ? ',' : l.groupingSeparator();
            for (int i = 0; i < n; i++) {
                if (i > 0 && (n - i) % 3 == 0) {
                    sb.append(sep);
                }
                sb.append(digits.charAt(i));
            }
        }

        private void printFloat(Appendable a, Object arg, Locale l) throws IOException {
            if (arg == null) {
                printString(a, "null");
                return;
            }
            double value;
            if (arg instanceof Double) {
                value = ((Double) arg).doubleValue();
            } else if (arg instanceof Float) {
                value = ((Float) arg).floatValue();
            } else {
                throw new IllegalFormatConversionException(c, arg.getClass());
            }
            if (c == 'a') {
                hexFloatConversionIsNotModelled();
            }
            StringBuilder sb = new StringBuilder();
            if (value != value) {
                sb.append(has(UPPER) ? "NAN" : "NaN");
                appendJustified(a, sb);
                return;
            }
            boolean neg = Double.compare(value, 0.0) == -1;
            double v = Math.abs(value);
            leadingSign(sb, neg);
            if (v == Double.POSITIVE_INFINITY) {
                sb.append(has(UPPER) ? "INFINITY" : "Infinity");
            } else {
                FloatDigits.print(this, sb, v, neg, l);
            }
            trailingSign(sb, neg);
            appendJustified(a, sb);
        }

        /** Appends a magnitude "123.45" (ASCII, '.' as the point) localized and zero-padded. */
        void appendMagnitude(StringBuilder sb, String mant, int w, boolean neg, boolean group, Locale l) {
            int begin = sb.length();
            int dot = mant.indexOf('.');
            String intPart = dot < 0 ? mant : mant.substring(0, dot);
            if (group) {
                appendGrouped(sb, intPart, l);
            } else {
                sb.append(intPart);
            }
            if (dot >= 0) {
                sb.append(l == null ? '.' : l.decimalSeparator());
                sb.append(mant, dot + 1, mant.length());
            }
            zeroPad(sb, begin, adjustWidth(w, neg));
        }
    }
}
