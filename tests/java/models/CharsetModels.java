import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.*;

/*
 * CharsetModels -- differential tests for java.nio.charset.Charset /
 * StandardCharsets and String's byte conversions (getBytes, String(byte[], ...)).
 */
public class CharsetModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    /** The UTF-16 code units of s in hex. */
    static String units(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            sb.append(Integer.toHexString(s.charAt(i))).append(' ');
        }
        return sb.toString();
    }

    public static String charsets() {
        StringBuilder sb = new StringBuilder();
        Charset[] std = {StandardCharsets.UTF_8, StandardCharsets.ISO_8859_1, StandardCharsets.US_ASCII,
            StandardCharsets.UTF_16, StandardCharsets.UTF_16BE, StandardCharsets.UTF_16LE};
        for (Charset c : std) {
            sb.append(c).append('|').append(c.name()).append('|').append(c.displayName()).append('|');
            sb.append(c.aliases().size()).append('|').append(c.hashCode()).append('|').append(c.isRegistered());
            sb.append('|').append(c.canEncode()).append('|').append(c.equals(Charset.forName(c.name()))).append(';');
        }
        String[] names = {"UTF-8", "utf8", "ISO-8859-1", "latin1", "US-ASCII", "ascii", "UTF-16", "UTF-16BE",
            "UTF-16LE", "utf-16le", "UnicodeBig", "x-foo", "", "bad name", "-x", "a:b.c_d+e", "ISO8859_1", "default"};
        for (String n : names) {
            try {
                Charset c = Charset.forName(n);
                sb.append(n).append("->").append(c).append(c == Charset.forName(c.name())).append(';');
            } catch (IllegalCharsetNameException e) {
                sb.append(ex(e)).append('=').append(e.getCharsetName()).append(';');
            } catch (UnsupportedCharsetException e) {
                sb.append(ex(e)).append('=').append(e.getCharsetName()).append(';');
            }
        }
        try {
            Charset.forName(null);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        sb.append(Charset.isSupported("latin1")).append(Charset.isSupported("x-nope"));
        try {
            Charset.isSupported("no good");
        } catch (IllegalCharsetNameException e) {
            sb.append(ex(e));
        }
        sb.append(Charset.defaultCharset()).append(StandardCharsets.UTF_8.compareTo(StandardCharsets.US_ASCII));
        sb.append(StandardCharsets.UTF_16.compareTo(StandardCharsets.UTF_16BE)).append(StandardCharsets.UTF_8.equals("UTF-8"));
        sb.append(StandardCharsets.UTF_8.contains(StandardCharsets.US_ASCII)).append(StandardCharsets.US_ASCII.contains(StandardCharsets.UTF_8));
        sb.append(StandardCharsets.UTF_8.aliases().contains("UTF8")).append(StandardCharsets.US_ASCII.aliases().contains("ascii7"));
        sb.append(Charset.availableCharsets().containsKey("utf-8"));
        Set<Charset> set = new HashSet<>(Arrays.asList(StandardCharsets.UTF_8, Charset.forName("utf8"), StandardCharsets.UTF_16));
        sb.append(set.size());
        return sb.toString();
    }

    public static String encode() throws UnsupportedEncodingException {
        StringBuilder sb = new StringBuilder();
        String[] ss = {"plain", "h\u00e9\u20ac\ud83d\ude00", "a\ud800b", "\udc00", "x\ud800", "\u00ff\u0100", "",
            "\ud83d\ude00\ud83d", "\ude00\ud83d\ude00", "\ud83d\ud83d\ude00", "\u07ff\u0800\uffff\u0080\u007f"};
        String[] cs = {"UTF-8", "ISO-8859-1", "US-ASCII", "UTF-16", "UTF-16BE", "UTF-16LE"};
        for (String s : ss) {
            for (String c : cs) {
                sb.append(Arrays.toString(s.getBytes(c)));
            }
            sb.append(Arrays.toString(s.getBytes())).append(Arrays.toString(s.getBytes(StandardCharsets.UTF_16LE)));
            sb.append('\n');
        }
        try {
            "x".getBytes("nope");
        } catch (UnsupportedEncodingException e) {
            sb.append(ex(e));
        }
        try {
            "x".getBytes("bad name");
        } catch (UnsupportedEncodingException e) {
            sb.append(ex(e));
        }
        try {
            "x".getBytes((String) null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        try {
            "x".getBytes((Charset) null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        byte[] dst = new byte[5];
        "AB\u0141C".getBytes(1, 4, dst, 1);
        sb.append(Arrays.toString(dst));
        return sb.toString();
    }

    public static String decodeUtf8() {
        StringBuilder sb = new StringBuilder();
        byte[][] bs = {{(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xE2, (byte) 0x82, 0x41},
            {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xC0, (byte) 0x80},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, {(byte) 0x80, 0x41}, {(byte) 0xFF},
            {(byte) 0xE0, (byte) 0xA0}, {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xED, (byte) 0xBF, (byte) 0xBF},
            {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xC2}, {(byte) 0xF1, (byte) 0x80, 0x41},
            {(byte) 0xE0, (byte) 0x80, 0x41}, {(byte) 0xED, (byte) 0xA0}, {(byte) 0xE0, (byte) 0x9F}, {(byte) 0xF0, (byte) 0x8F},
            {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xF0, (byte) 0x9F, 0x41, 0x41},
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, 0x41}, {(byte) 0xF5, (byte) 0x80}, {(byte) 0xE1, 0x41, 0x42},
            {(byte) 0xE1, (byte) 0x80, 0x42}, {(byte) 0xC3, (byte) 0xC3, (byte) 0xA9}, {(byte) 0xF0, (byte) 0x9F},
            {(byte) 0xF0}, {(byte) 0xF4, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF}, {(byte) 0xEF, (byte) 0xBF, (byte) 0xBF},
            {0x68, (byte) 0xC3, (byte) 0xA9, (byte) 0xE2, (byte) 0x82, (byte) 0xAC}, {}};
        for (byte[] b : bs) {
            sb.append(units(new String(b, StandardCharsets.UTF_8))).append('|');
        }
        sb.append(units(new String(new byte[] {0x41, (byte) 0xC3, (byte) 0xA9, 0x42}, 1, 2, StandardCharsets.UTF_8)));
        sb.append(new String(new byte[] {0x68, 0x69})).append(new String(new byte[] {0x30, 0x31, 0x32}, 1, 2));
        try {
            new String(new byte[3], 2, 2, StandardCharsets.UTF_8);
        } catch (StringIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            new String(new byte[3], -1, 1);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            new String((byte[]) null, StandardCharsets.UTF_8);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        try {
            new String(new byte[1], (Charset) null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        return sb.toString();
    }

    public static String decodeOthers() throws UnsupportedEncodingException {
        StringBuilder sb = new StringBuilder();
        byte[] high = {(byte) 0x80, 0x41, (byte) 0xff, (byte) 0xe9};
        sb.append(units(new String(high, StandardCharsets.US_ASCII))).append('|');
        sb.append(units(new String(high, StandardCharsets.ISO_8859_1))).append('|');
        sb.append(units(new String(high, "latin1"))).append('|');
        byte[][] ds = {{(byte) 0xFE, (byte) 0xFF, 0, 0x41}, {(byte) 0xFF, (byte) 0xFE, 0x41, 0}, {0, 0x41, 0},
            {(byte) 0xD8, 0, 0, 0x41}, {(byte) 0xDC, 0}, {(byte) 0xD8, 0x3D, (byte) 0xDE, 0}, {(byte) 0xD8, 0x3D},
            {(byte) 0xD8, 0x3D, 0}, {(byte) 0xDC, 0, (byte) 0xD8, 0x3D, (byte) 0xDE, 0}, {0, 65, (byte) 0xFF, (byte) 0xFE},
            {0, 65, (byte) 0xFE, (byte) 0xFF}, {(byte) 0xFE, (byte) 0xFF, (byte) 0xFE, (byte) 0xFF}, {(byte) 0xFE}, {},
            {(byte) 0xFF, (byte) 0xFE, (byte) 0xFF, (byte) 0xFE}, {(byte) 0xD8, 0x3D, (byte) 0xD8, 0x3D, (byte) 0xDE, 0}};
        for (byte[] b : ds) {
            for (String c : new String[] {"UTF-16", "UTF-16BE", "UTF-16LE"}) {
                sb.append(units(new String(b, c))).append('|');
            }
        }
        try {
            new String(new byte[1], "nope");
        } catch (UnsupportedEncodingException e) {
            sb.append(ex(e));
        }
        try {
            new String(new byte[1], (String) null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        String round = "r\u00e9sum\u00e9 \ud834\udd1e \u4e2d";
        for (String c : new String[] {"UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE"}) {
            sb.append(new String(round.getBytes(c), c).equals(round));
        }
        sb.append(new String(round.getBytes("ISO-8859-1"), "ISO-8859-1")).append(new String(round.getBytes("US-ASCII"), "US-ASCII"));
        return sb.toString();
    }

    /** The byte/char bridges of java.io with the same replacements (one '?' per unmappable pair). */
    public static String writerEncoding() throws java.io.IOException {
        StringBuilder sb = new StringBuilder();
        for (String cs : new String[] {"US-ASCII", "ISO-8859-1", "UTF-8"}) {
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
            java.io.Writer w = new java.io.OutputStreamWriter(b, cs);
            w.write("a\ud83d\ude00b\ud800c\udc00\u00e9\ud83d");
            w.close();
            sb.append(Arrays.toString(b.toByteArray()));
            java.io.ByteArrayOutputStream b2 = new java.io.ByteArrayOutputStream();
            java.io.PrintStream ps = new java.io.PrintStream(b2, true, cs);
            ps.print("x\ud83d\ude00y");
            sb.append(Arrays.toString(b2.toByteArray()));
            sb.append(new String(b.toByteArray(), cs).length());
        }
        return sb.toString();
    }

    /** A symbolic char encoded as UTF-8: one path per encoding length (1, 2 or 3 bytes). */
    public static String utf8Length(int x) {
        char c = (char) (x & 0xFFFF);
        if (Character.isSurrogate(c)) {
            return "surrogate";
        }
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        return "len=" + b.length;
    }
}
