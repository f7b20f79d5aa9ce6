package java.io;

/**
 * jsymex-internal charset support for the byte/char bridges
 * (InputStreamReader, OutputStreamWriter, ByteArrayOutputStream.toString):
 * UTF-8 (the default), ISO-8859-1 and US-ASCII. Malformed UTF-8 input decodes
 * to U+FFFD; unmappable or malformed characters encode to '?'.
 */
final class Charsets {

    static final int UTF_8 = 0;
    static final int ISO_8859_1 = 1;
    static final int US_ASCII = 2;

    private Charsets() {
    }

    /** The charset id for a name, or -1 if the name is not supported. */
    static int lookup(String name) {
        String n = name.toUpperCase();
        if (n.equals("UTF-8") || n.equals("UTF8")) {
            return UTF_8;
        }
        if (n.equals("ISO-8859-1") || n.equals("ISO8859_1") || n.equals("ISO8859-1") || n.equals("ISO_8859_1")
                || n.equals("LATIN1") || n.equals("ISO-LATIN-1") || n.equals("8859_1") || n.equals("L1")
                || n.equals("ISO_8859-1") || n.equals("CP819") || n.equals("IBM819") || n.equals("ISO8859-1")) {
            return ISO_8859_1;
        }
        if (n.equals("US-ASCII") || n.equals("ASCII") || n.equals("US") || n.equals("ISO646-US")
                || n.equals("ASCII7") || n.equals("646") || n.equals("DEFAULT") || n.equals("ANSI_X3.4-1968")) {
            return US_ASCII;
        }
        return -1;
    }

    /** The historical name returned by getEncoding(). */
    static String historicalName(int cs) {
        if (cs == UTF_8) {
            return "UTF8";
        } else if (cs == ISO_8859_1) {
            return "ISO8859_1";
        }
        return "ASCII";
    }

    static int require(String charsetName) throws UnsupportedEncodingException {
        if (charsetName == null) {
            throw new NullPointerException("charsetName");
        }
        int cs = lookup(charsetName);
        if (cs < 0) {
            throw new UnsupportedEncodingException(charsetName);
        }
        return cs;
    }

    /** Appends the encoding of code unit c (hi: pending high surrogate or -1) and returns the new pending one. */
    static int encode(int cs, int hi, char c, ByteSink out) throws IOException {
        if (cs != UTF_8) {
            if (hi >= 0) {
                // an unmappable pair is one '?', as is a lone high surrogate
                out.put('?');
                if (Character.isLowSurrogate(c)) {
                    return -1;
                }
            }
            if (Character.isHighSurrogate(c)) {
                return c;
            }
            int limit = (cs == ISO_8859_1) ? 0xFF : 0x7F;
            out.put(c <= limit && !Character.isLowSurrogate(c) ? c : '?');
            return -1;
        }
        if (hi >= 0) {
            if (Character.isLowSurrogate(c)) {
                int cp = Character.toCodePoint((char) hi, c);
                out.put(0xF0 | (cp >> 18));
                out.put(0x80 | ((cp >> 12) & 0x3F));
                out.put(0x80 | ((cp >> 6) & 0x3F));
                out.put(0x80 | (cp & 0x3F));
                return -1;
            }
            out.put('?');
        }
        if (c < 0x80) {
            out.put(c);
        } else if (c < 0x800) {
            out.put(0xC0 | (c >> 6));
            out.put(0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c)) {
            return c;
        } else if (Character.isLowSurrogate(c)) {
            out.put('?');
        } else {
            out.put(0xE0 | (c >> 12));
            out.put(0x80 | ((c >> 6) & 0x3F));
            out.put(0x80 | (c & 0x3F));
        }
        return -1;
    }

    /** Byte consumer used by encode. */
    interface ByteSink {
        void put(int b) throws IOException;
    }

    /** Decodes a whole byte range into a String. */
    static String decode(int cs, byte[] buf, int off, int len) {
        StringBuilder sb = new StringBuilder(len);
        int end = off + len;
        int i = off;
        while (i < end) {
            int b = buf[i++] & 0xFF;
            if (cs == ISO_8859_1) {
                sb.append((char) b);
                continue;
            }
            if (cs == US_ASCII) {
                sb.append(b < 0x80 ? (char) b : '\uFFFD');
                continue;
            }
            if (b < 0x80) {
                sb.append((char) b);
                continue;
            }
            int need;
            int cp;
            int lo = 0x80;
            int hi = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                need = 1;
                cp = b & 0x1F;
            } else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                cp = b & 0x0F;
                if (b == 0xE0) {
                    lo = 0xA0;
                } else if (b == 0xED) {
                    hi = 0x9F;
                }
            } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                cp = b & 0x07;
                if (b == 0xF0) {
                    lo = 0x90;
                } else if (b == 0xF4) {
                    hi = 0x8F;
                }
            } else {
                sb.append('\uFFFD');
                continue;
            }
            boolean ok = true;
            for (int k = 0; k < need; k++) {
                if (i >= end) {
                    ok = false;
                    break;
                }
                int c = buf[i] & 0xFF;
                int l = (k == 0) ? lo : 0x80;
                int h = (k == 0) ? hi : 0xBF;
                if (c < l || c > h) {
                    ok = false;
                    break;
                }
                cp = (cp << 6) | (c & 0x3F);
                i++;
            }
            if (!ok) {
                sb.append('\uFFFD');
            } else {
                sb.appendCodePoint(cp);
            }
        }
        return sb.toString();
    }
}
