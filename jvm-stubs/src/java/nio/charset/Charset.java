package java.nio.charset;

import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * jsymex model of java.nio.charset.Charset: the six standard charsets (UTF-8, ISO-8859-1,
 * US-ASCII, UTF-16, UTF-16BE, UTF-16LE) with Java's canonical names and aliases; the default
 * charset is UTF-8. Names are looked up ignoring case, illegal names throw
 * IllegalCharsetNameException and unknown ones UnsupportedCharsetException. Other charsets the
 * JDK has (UTF-32, windows-1252, ISO-8859-2, ...) are not modelled: forName on one of them is a
 * "no model" error. Encoders, decoders and buffers (newEncoder, newDecoder, encode, decode) are
 * not modelled; String.getBytes and the String(byte[], ...) constructors do the conversions.
 */
public abstract class Charset implements Comparable<Charset> {

    private static final String[][] NAMES = {
        {"US-ASCII", "iso-ir-6", "ANSI_X3.4-1986", "ISO_646.irv:1991", "ASCII", "ISO646-US", "us", "IBM367", "cp367",
            "csASCII", "default", "646", "iso_646.irv:1983", "ANSI_X3.4-1968", "ascii7"},
        {"ISO-8859-1", "iso-ir-100", "ISO_8859-1", "latin1", "l1", "IBM819", "cp819", "csISOLatin1", "819", "IBM-819",
            "ISO8859_1", "ISO_8859-1:1987", "ISO_8859_1", "8859_1", "ISO8859-1"},
        {"UTF-8", "UTF8", "unicode-1-1-utf-8"},
        {"UTF-16BE", "UTF_16BE", "ISO-10646-UCS-2", "X-UTF-16BE", "UnicodeBigUnmarked"},
        {"UTF-16LE", "UTF_16LE", "X-UTF-16LE", "UnicodeLittleUnmarked"},
        {"UTF-16", "UTF_16", "utf16", "unicode", "UnicodeBig"},
    };

    /** Charsets the JDK provides that jsymex does not model (names and common aliases). */
    private static final String[] UNMODELLED = {"UTF-32", "UTF_32", "UTF32", "UTF-32BE", "UTF-32LE", "x-UTF-16LE-BOM",
        "UnicodeLittle", "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254", "windows-1257",
        "Cp1250", "Cp1251", "Cp1252", "Cp1253", "Cp1254", "Cp1257", "ISO-8859-2", "ISO-8859-4", "ISO-8859-5",
        "ISO-8859-7", "ISO-8859-9", "ISO-8859-13", "ISO-8859-15", "latin2", "latin9", "KOI8-R", "KOI8-U", "IBM437",
        "Cp437", "IBM850", "Cp850", "Shift_JIS", "SJIS", "EUC-JP", "EUC-KR", "GBK", "GB2312", "GB18030", "Big5",
        "ISO-2022-JP", "windows-31j", "MS932", "x-windows-949", "TIS-620", "CESU-8"};

    private static final Charset[] STANDARD = new Charset[NAMES.length];

    private final String name;
    private final String[] aliases;

    protected Charset(String canonicalName, String[] aliases) {
        String[] as = (aliases == null) ? new String[0] : aliases;
        checkName(canonicalName);
        for (int i = 0; i < as.length; i++) {
            checkName(as[i]);
        }
        this.name = canonicalName;
        this.aliases = as;
    }

    /** The model's own charsets. */
    private static final class Std extends Charset {
        Std(String name, String[] aliases) {
            super(name, aliases);
        }

        public boolean contains(Charset cs) {
            String n = cs.name();
            if (name().startsWith("UTF-")) {
                return true;
            }
            if (name().equals("ISO-8859-1")) {
                return n.equals("ISO-8859-1") || n.equals("US-ASCII");
            }
            return n.equals("US-ASCII");
        }
    }

    static Charset standard(int k) {
        Charset cs = STANDARD[k];
        if (cs == null) {
            String[] row = NAMES[k];
            String[] aliases = new String[row.length - 1];
            System.arraycopy(row, 1, aliases, 0, aliases.length);
            cs = new Std(row[0], aliases);
            STANDARD[k] = cs;
        }
        return cs;
    }

    /** Java's rule: letters, digits and "-+:_." with a letter or digit first. */
    private static void checkName(String s) {
        int n = s.length();
        if (n == 0) {
            throw new IllegalCharsetNameException(s);
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (!ok && i > 0) {
                ok = c == '-' || c == '+' || c == ':' || c == '_' || c == '.';
            }
            if (!ok) {
                throw new IllegalCharsetNameException(s);
            }
        }
    }

    /** The standard charset with this name or alias, or null; checks the name. */
    private static Charset lookup(String charsetName) {
        if (charsetName == null) {
            throw new IllegalArgumentException("Null charset name");
        }
        checkName(charsetName);
        for (int k = 0; k < NAMES.length; k++) {
            String[] row = NAMES[k];
            for (int i = 0; i < row.length; i++) {
                if (row[i].equalsIgnoreCase(charsetName)) {
                    return standard(k);
                }
            }
        }
        return null;
    }

    private static boolean isUnmodelled(String charsetName) {
        for (int i = 0; i < UNMODELLED.length; i++) {
            if (UNMODELLED[i].equalsIgnoreCase(charsetName)) {
                return true;
            }
        }
        return false;
    }

    /** A charset the JDK has but jsymex does not model: calling this native is the "no model" error. */
    private static native Charset charsetNotModelled(String charsetName);

    public static Charset forName(String charsetName) {
        Charset cs = lookup(charsetName);
        if (cs != null) {
            return cs;
        }
        if (isUnmodelled(charsetName)) {
            return charsetNotModelled(charsetName);
        }
        throw new UnsupportedCharsetException(charsetName);
    }

    public static Charset forName(String charsetName, Charset fallback) {
        try {
            Charset cs = lookup(charsetName);
            return cs != null ? cs : fallback;
        } catch (IllegalArgumentException e) {
            return fallback;
        }
    }

    public static boolean isSupported(String charsetName) {
        return lookup(charsetName) != null || isUnmodelled(charsetName);
    }

    public static Charset defaultCharset() {
        return StandardCharsets.UTF_8;
    }

    public static SortedMap<String, Charset> availableCharsets() {
        TreeMap<String, Charset> m = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int k = 0; k < NAMES.length; k++) {
            Charset cs = standard(k);
            m.put(cs.name(), cs);
        }
        return Collections.unmodifiableSortedMap(m);
    }

    public final String name() {
        return name;
    }

    public final Set<String> aliases() {
        HashSet<String> s = new HashSet<>();
        for (int i = 0; i < aliases.length; i++) {
            s.add(aliases[i]);
        }
        return Collections.unmodifiableSet(s);
    }

    public String displayName() {
        return name;
    }

    public String displayName(Locale locale) {
        return name;
    }

    public final boolean isRegistered() {
        return !name.startsWith("X-") && !name.startsWith("x-");
    }

    public boolean canEncode() {
        return true;
    }

    public abstract boolean contains(Charset cs);

    public final int compareTo(Charset that) {
        return name().compareToIgnoreCase(that.name());
    }

    public final int hashCode() {
        return name().hashCode();
    }

    public final boolean equals(Object ob) {
        if (this == ob) {
            return true;
        }
        if (!(ob instanceof Charset)) {
            return false;
        }
        return name.equals(((Charset) ob).name());
    }

    public final String toString() {
        return name();
    }
}
