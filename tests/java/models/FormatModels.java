import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.*;

/*
 * FormatModels -- differential tests for String.format / formatted,
 * java.util.Formatter, PrintStream.printf / PrintWriter.printf, the
 * IllegalFormatException family and java.util.Locale.
 */
public class FormatModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    /** One format call: its text in brackets, or the exception. */
    static String show(String fmt, Object... args) {
        try {
            return "[" + String.format(fmt, args) + "]";
        } catch (RuntimeException e) {
            return ex(e);
        }
    }

    static String showIn(Locale l, String fmt, Object... args) {
        try {
            return "[" + String.format(l, fmt, args) + "]";
        } catch (RuntimeException e) {
            return ex(e);
        }
    }

    public static String integers() {
        StringBuilder sb = new StringBuilder();
        sb.append(show("%d|%5d|%-5d|%05d|%+d|% d", 42, 42, 42, 42, 42, 42));
        sb.append(show("%d|%08d|%-8d|%(d|%(08d|%+,d", -42, -42, -42, -42, -42, -1234567));
        sb.append(show("%d %d", Long.MIN_VALUE, Long.MAX_VALUE));
        sb.append(show("%x %X %o", Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE));
        sb.append(show("%d %x %X %o", Integer.MIN_VALUE, Integer.MIN_VALUE, -1, -8));
        sb.append(show("%x %x %o %d %d", (byte) -1, (short) -2, (byte) -1, (byte) 127, (short) -5));
        sb.append(show("%#x %#o %#010x %08X %#X %-#8o|", 255, 8, 255, 0xabc, 255, 8));
        sb.append(show("%,d %,010d %,d %,d %,d", 1234567, 1234567, -999, Integer.MIN_VALUE, 0));
        sb.append(show("%+(d %(d %-+5d| %x", -3, 3, 3, -255L));
        sb.append(show("%d %5d|%-6X|", (Object) null, (Object) null, (Object) null));
        sb.append(show("%d %o %x", Integer.valueOf(7), Long.valueOf(64), Short.valueOf((short) 255)));
        sb.append(show("%3d|%-3d|%03d", 12345, 12345, 12345));
        return sb.toString();
    }

    public static String floats() {
        StringBuilder sb = new StringBuilder();
        // Java rounds HALF_UP on the shortest decimal digits of the double
        sb.append(show("%.2f %.2f %.1f %.1f %.0f %.0f %.0f", 2.675, 0.125, 0.15, 0.05, 0.5, 1.5, 2.5));
        sb.append(show("%.3f %.3f %.2f %.2f %.1f %.1f %.1f", 1.0005, 9.9995, 0.005, 0.0049, 0.95, 0.25, 9.95));
        sb.append(show("%.20f|%f|%f|%.2f", 0.1, 1e20, 1.0E-7, 1e-10));
        sb.append(show("%f", Double.MAX_VALUE).length());
        sb.append(show("%f %.10f %.3f %s", 0.1f, 0.1f, 1.0f / 3, 0.1f));
        sb.append(show("%,.2f|%,015.2f|%(,.2f|% .3f|%#.0f|%08.2f|%+.1f", 1234567.891, -1234567.891, -1234.5, 3.14159, 3.0,
                -0.0, 0.0));
        sb.append(show("%10.4f|%-10.4f|%(-8.2f|%+(,010.1f", Math.PI, -Math.PI, -3.5, -12345.67));
        sb.append(show("%e|%e|%e|%.0e|%#.0e|%e|%.2e|%E", 0.0, 1e-5, 123456.789, 5.5, 5.0, 9.9999999e5, 9.995, -1.5e-300));
        sb.append(show("%e|%e|%.15e|%.17e|%.3e|%e", Double.MIN_VALUE, 1e100, 0.1, 0.1, 1e-320, 1e21));
        sb.append(show("%10.3e|%-12.2e|%+e|%010.1e|%(e|% e|%010.2e|%+.2e|%(.2e", -12345.6789, 0.000123, 1.0, 1.0, -2.0,
                2.0, -1.5, 0.0, -0.0));
        sb.append(show("%.0e|%.1e|%12.4E|", 9.5, 0.0, 6.02214076e23));
        sb.append(show("%g|%g|%g|%g|%g|%g", 0.0, 1.0, 0.0001, 0.00001, 123456.0, 1234567.0));
        sb.append(show("%.3g|%.0g|%g|%G|%,g|%,.2g", 99.95, 5.0, 999999.5, 1e-10, 12345.678, 12345.678));
        sb.append(show("%.3g|%.3g|%g|%g|%.1g|%g|%.10g", 0.00012345, 0.000012345, 100000.0, 1e6, 0.95, -0.0, 1.0 / 3));
        sb.append(show("%f|%+f|%(f|%010f|%e|%E|%G", Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NaN, Double.POSITIVE_INFINITY, Double.NaN));
        sb.append(show("%f %e", (Object) null, (Object) null));
        return sb.toString();
    }

    public static String textConversions() {
        StringBuilder sb = new StringBuilder();
        sb.append(show("%s|%b|%b|%B|%b|%b", (Object) null, (Object) null, "x", false, 0, Boolean.TRUE));
        sb.append(show("%.3s|%-6s|%6S|%S|%.1b|%5b|%-6B|", "abcdef", "ab", "ab", (Object) null, true, true, false));
        sb.append(show("%5.1s|%-8.3S|%S|%10s|%.2s|", "abc", "hello", "stra\u00dfe", (Object) null, (Object) null));
        sb.append(show("%s|%s|%s", Arrays.asList(1, 2), new int[0].getClass(), 'c'));
        sb.append(show("%c|%c|%c|%C|%-3c|%c|%c", 'a', 65, 0x1F600, 'b', 'a', (Object) null, (short) 66));
        sb.append(show("%h|%H|%h|%h", "hi", (Object) null, 17, Boolean.TRUE));
        sb.append(show("%n|%%|%5%|%-5%|%d%%", 50));
        sb.append(show("a%sb%sc|%s%s%s", "X", "Y", 1, 2, 3));
        sb.append(show("")).append(show("no specs")).append(show("100%% sure"));
        sb.append("x".formatted()).append("%s-%s".formatted("p", 7)).append("%05.1f".formatted(2.25));
        return sb.toString();
    }

    public static String argumentIndices() {
        StringBuilder sb = new StringBuilder();
        sb.append(show("%s %<s %s", "a", "b"));
        sb.append(show("%2$s %1$s %s %s", "a", "b"));
        sb.append(show("%3$s %2$s %1$s", "a", "b", "c"));
        sb.append(show("%1$s %1$s %s", "a", "b"));
        sb.append(show("%2$s %s %<s %s", "a", "b", "c"));
        sb.append(show("%1$s%n", "a"));
        sb.append(show("%1$d %1$x %1$o %<X", 255));
        sb.append(show("%s", (Object[]) null));
        sb.append(show("%d %s", (Object[]) null));
        sb.append(show("%s", new Object[] {"only"}));
        sb.append(show("%1$%"));
        sb.append(show("%2$s", "a", "b", "c"));
        return sb.toString();
    }

    public static String formatErrors() {
        StringBuilder sb = new StringBuilder();
        String[] bad = {"%q", "abc%", "%-", "%5", "%.s", "%t", "%T", "%tq", "%t%", "%0$s", "%99999999999$s",
            "%99999999999d", "%.99999999999f", "%-2$s", "%<1$s", "%.2#c", "%D", "%F"};
        for (String f : bad) {
            sb.append(show(f, 1)).append(';');
        }
        Object[][] cases = {
            {"%s %s", "a"}, {"%2$s", "a"}, {"%<s", "a"}, {"%3$s", "a", "b"}, {"%2$-5s"}, {"%<-5d|", 1},
            {"%d", "x"}, {"%d", 1.5}, {"%f", 1}, {"%x", 1.0}, {"%c", "s"}, {"%c", 65L}, {"%d", 'a'}, {"%d", true},
            {"%e", 1}, {"%o", 1.0f}, {"%X", "s"}, {"%C", "s"}, {"%E", 1}, {"%x", 'a'},
            {"%c", -1}, {"%c", (byte) -1}, {"%c", 0x110000},
            {"%(x", 5}, {"%+x", 5}, {"% o", 5}, {"%,x", 5}, {"%#d", 5}, {"%.2d", 5}, {"%-d", 5}, {"%0d", 5},
            {"%-05d", 5}, {"%+ d", 5}, {"%00d", 5}, {"%-0X", 1}, {"%+ E", 1.0}, {"%-X", 1}, {"%.2X", 1}, {"%,X", 1},
            {"%(X", 1}, {"%#B", true}, {"%#s", "x"}, {"%+s", "x"}, {"%-s", "x"}, {"%0-5s", "a"}, {"%,s", "a"},
            {"%(s", "a"}, {"% s", "a"}, {"%0s", "a"}, {"%#h", 1}, {"%.2c", 'a'}, {"%#c", 'a'}, {"%,c", 'a'},
            {"%(c", 'a'}, {"%+c", 'a'}, {"%-c", 'a'}, {"%-.2c", 'a'}, {"%-#c", 'a'}, {"%#-c", 'a'}, {"%-e", 1.0},
            {"%,e", 1.0}, {"%#g", 1.0}, {"%(a", 1.0}, {"%,a", 1.0}, {"%-+ d", 1}, {"%+-0d", 1},
            {"%05%"}, {"%<%"}, {"% %"}, {"%#%"}, {"%5n"}, {"%-n"}, {"%,n"}, {"%.1n"}, {"%.2%"},
            {"%10.3tY", 1L}, {"%TY", "x"}, {"%ty", "x"},
        };
        for (Object[] c : cases) {
            Object[] args = Arrays.copyOfRange(c, 1, c.length);
            sb.append(show((String) c[0], args)).append(';');
        }
        try {
            String.format("%d", 1).formatted((Object[]) null);
            sb.append(String.format(null, 1));
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        try {
            throw new UnknownFormatConversionException("z");
        } catch (IllegalFormatException e) {
            sb.append(e.getMessage()).append(e instanceof IllegalArgumentException);
        }
        sb.append(new IllegalFormatConversionException('d', String.class).getArgumentClass().getName());
        sb.append(new MissingFormatArgumentException("%s").getFormatSpecifier());
        sb.append(new FormatFlagsConversionMismatchException("#", 'd').getFlags());
        sb.append(new IllegalFormatCodePointException(-2).getCodePoint());
        return sb.toString();
    }

    public static String formatterAndPrintf() throws Exception {
        StringBuilder sb = new StringBuilder();
        StringBuilder target = new StringBuilder("pre:");
        Formatter f = new Formatter(target);
        f.format("%s=%d;", "a", 1).format("%5.2f;", 3.14159);
        sb.append(f.toString()).append('|').append(f.out() == target).append(f.locale().getLanguage()).append(f.ioException());
        f.flush();
        f.close();
        f.close();
        try {
            f.format("x");
        } catch (FormatterClosedException e) {
            sb.append(ex(e));
        }
        try {
            f.toString();
        } catch (FormatterClosedException e) {
            sb.append("!closed");
        }
        Formatter g = new Formatter(Locale.GERMANY);
        sb.append(g.format("%.2f|", 1.5).format(Locale.US, "%.2f|", 1.5).toString()).append(g.locale());
        Formatter partial = new Formatter(new StringBuilder());
        try {
            partial.format("ok %s then %d", "text", "bad");
        } catch (IllegalFormatConversionException e) {
            sb.append('|').append(partial.toString()).append('|');
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(bytes, true, "UTF-8");
        ps.printf("%d-%s%n", 7, "\u00e9").format("%05.1f", 2.25).printf(Locale.FRANCE, "|%,.2f", 1234.5);
        try {
            ps.printf("<%s%d>", "kept", "bad");
        } catch (IllegalFormatConversionException e) {
            ps.print("!");
        }
        ps.flush();
        sb.append(bytes.toString("UTF-8").replace('\u202f', '_'));
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        pw.printf("%-4s|%4s|", "ab", "cd").format("%x", 255).printf(Locale.ROOT, "%e", 12.5);
        pw.flush();
        sb.append(sw);
        return sb.toString();
    }

    public static String locales() {
        StringBuilder sb = new StringBuilder();
        Locale[] ls = {Locale.ROOT, Locale.US, Locale.ENGLISH, Locale.UK, Locale.GERMANY, Locale.GERMAN, Locale.FRANCE,
            Locale.FRENCH, Locale.ITALY, Locale.JAPAN, Locale.CHINA, Locale.KOREA, Locale.CANADA, Locale.CANADA_FRENCH,
            Locale.TAIWAN, Locale.ITALIAN, Locale.JAPANESE, Locale.KOREAN, Locale.CHINESE, Locale.PRC,
            new Locale("EN", "us"), new Locale("de", "CH"), new Locale("es", "ES"), new Locale("pt", "BR"),
            new Locale("nl", "NL"), new Locale("ru", "RU"), new Locale("", "US"), new Locale("en", "", "POSIX"),
            new Locale("sv", "SE"), new Locale("pl", "PL"), new Locale("tr", "TR"), new Locale("iw"),
            new Locale("en", "US", "WIN"), new Locale("de", "AT"), new Locale("es", "MX"), new Locale("pt", "PT"),
            new Locale("it", "CH"), new Locale("da", "DK"), new Locale("fi")};
        for (Locale l : ls) {
            sb.append(l).append('|').append(l.getLanguage()).append('|').append(l.getCountry()).append('|');
            sb.append(l.getVariant()).append('|').append(l.hashCode()).append('|').append(l.toLanguageTag()).append('|');
            String s = showIn(l, "%,.2f|%,d|%e|%s|%(,.1f|%,010d", -1234567.891, 1234567, 12.5, 1.5, -1234.56, -12345);
            sb.append(s.replace('\u00a0', '_').replace('\u202f', '~').replace('\u2019', '\'')).append('\n');
        }
        sb.append(showIn(null, "%,.2f %,d %e", 1234.5, 12345, 0.5));
        sb.append(Locale.US.equals(new Locale("en", "US"))).append(Locale.US.equals(Locale.UK));
        sb.append(Locale.US.equals("en_US")).append(new Locale("de").equals(Locale.GERMAN));
        sb.append(Locale.forLanguageTag("en-US")).append(',').append(Locale.forLanguageTag("de"));
        sb.append(',').append(Locale.forLanguageTag("und")).append(',').append(Locale.forLanguageTag("es-419"));
        sb.append(',').append(Locale.forLanguageTag("en-GB-oxendict")).append(',').append(Locale.forLanguageTag("FR-ca"));
        sb.append(Locale.getDefault(Locale.Category.FORMAT).getLanguage()).append(Locale.Category.FORMAT);
        sb.append(Arrays.toString(Locale.Category.values())).append(Locale.ROOT.toString().isEmpty());
        Set<Locale> set = new HashSet<>(Arrays.asList(Locale.US, new Locale("en", "US"), Locale.UK, Locale.ROOT));
        sb.append(set.size()).append(set.contains(new Locale("en", "GB")));
        sb.append(Locale.US.getScript().isEmpty()).append(Locale.US.hasExtensions());
        try {
            new Locale(null, "US");
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        return sb.toString();
    }

    public static String localeCaseMapping() {
        StringBuilder sb = new StringBuilder();
        String s = "Hello World \u00df \u00c9t\u00e9 Istanbul \u00ff";
        Locale[] ls = {Locale.ROOT, Locale.US, Locale.GERMANY, Locale.FRANCE};
        for (Locale l : ls) {
            sb.append(s.toLowerCase(l)).append('|').append(s.toUpperCase(l)).append('|');
        }
        sb.append("ABC".toLowerCase(Locale.ENGLISH).equals("abc")).append("title".toUpperCase(Locale.ROOT));
        try {
            "x".toLowerCase((Locale) null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        return sb.toString();
    }

    /** A symbolic choice between three specifiers: one path per choice (and one for the rest). */
    public static String formatChoice(int k) {
        String r;
        switch (k) {
            case 0:
                r = String.format("%-6s|%6s|%.2s", "ab", "cd", "efg");
                break;
            case 1:
                r = String.format("%08.3f|%+e|%g", -3.14159, 1234.5, 0.000123);
                break;
            case 2:
                r = String.format("%#x|%o|%,d", 255, 8, 1234567);
                break;
            default:
                r = String.format("%s", "other");
        }
        return r;
    }

    /** A symbolic char through %c and %S (no branch on its value), and one branch to return. */
    public static String formatSymbolicChar(int x) {
        char c = (char) ('a' + (x & 7));
        String s = String.format("%c|%S|%3c|%-3s|", c, String.valueOf(c), c, String.valueOf(c));
        return (x > 100 ? "big:" : "small:") + s;
    }
}
