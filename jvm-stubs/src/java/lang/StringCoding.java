package java.lang;

import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;

/**
 * jsymex-internal byte/char conversion for String.getBytes and String(byte[], ...): UTF-8,
 * ISO-8859-1, US-ASCII, UTF-16 (big-endian with a byte-order mark when encoding, honouring a
 * mark when decoding), UTF-16BE and UTF-16LE, with the replacements Java's String uses:
 *
 * - encoding: a char the charset cannot represent, or an unpaired surrogate, becomes '?' (one
 *   '?' for a surrogate pair); UTF-16 writes U+FFFD for unpaired surrogates;
 * - decoding: malformed input becomes U+FFFD, as many times as Java's decoder reports
 *   malformed sequences (for UTF-8: a surrogate encoded in three bytes is one U+FFFD, a
 *   truncated sequence at the end is one U+FFFD, a bad continuation byte ends the sequence
 *   before it); US-ASCII decodes bytes >= 0x80 to U+FFFD.
 */
final class StringCoding {

    static final int UTF_8 = 0;
    static final int ISO_8859_1 = 1;
    static final int US_ASCII = 2;
    static final int UTF_16 = 3;
    static final int UTF_16BE = 4;
    static final int UTF_16LE = 5;

    private static final char REPL = '\uFFFD';

    private StringCoding() {
    }

    /** jsymex cannot convert with a charset other than the six above. */
    private static native void charsetNotModelled();

    static int id(Charset cs) {
        String n = cs.name();
        if (n.equals("UTF-8")) {
            return UTF_8;
        } else if (n.equals("ISO-8859-1")) {
            return ISO_8859_1;
        } else if (n.equals("US-ASCII")) {
            return US_ASCII;
        } else if (n.equals("UTF-16")) {
            return UTF_16;
        } else if (n.equals("UTF-16BE")) {
            return UTF_16BE;
        } else if (n.equals("UTF-16LE")) {
            return UTF_16LE;
        }
        charsetNotModelled();
        return -1;
    }

    /** The charset id for a name given to getBytes(String) / String(byte[], String). */
    static int id(String charsetName) throws UnsupportedEncodingException {
        if (charsetName == null) {
            throw new NullPointerException();
        }
        Charset cs;
        try {
            cs = Charset.forName(charsetName);
        } catch (IllegalArgumentException e) {
            throw new UnsupportedEncodingException(charsetName);
        }
        return id(cs);
    }

    // ---- encoding ----

    static byte[] encode(int cs, char[] v) {
        int n = v.length;
        if (cs == UTF_8) {
            return encodeUtf8(v);
        }
        if (cs == ISO_8859_1 || cs == US_ASCII) {
            int limit = (cs == ISO_8859_1) ? 0xFF : 0x7F;
            byte[] out = new byte[n];
            int k = 0;
            for (int i = 0; i < n; i++) {
                char c = v[i];
                if (c <= limit) {
                    out[k++] = (byte) c;
                } else {
                    out[k++] = '?';
                    if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(v[i + 1])) {
                        i++;
                    }
                }
            }
            return Arrays0.copy(out, k);
        }
        // UTF-16 flavours
        boolean little = (cs == UTF_16LE);
        int bom = (cs == UTF_16 && n > 0) ? 2 : 0;
        byte[] out = new byte[bom + 2 * n];
        int k = 0;
        if (bom > 0) {
            out[k++] = (byte) 0xFE;
            out[k++] = (byte) 0xFF;
        }
        for (int i = 0; i < n; i++) {
            char c = v[i];
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(v[i + 1])) {
                    k = putUnit(out, k, c, little);
                    c = v[++i];
                } else {
                    c = REPL;
                }
            }
            k = putUnit(out, k, c, little);
        }
        return out;
    }

    private static int putUnit(byte[] out, int k, char c, boolean little) {
        byte hi = (byte) (c >> 8);
        byte lo = (byte) c;
        out[k++] = little ? lo : hi;
        out[k++] = little ? hi : lo;
        return k;
    }

    private static byte[] encodeUtf8(char[] v) {
        int n = v.length;
        byte[] out = new byte[3 * n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            char c = v[i];
            if (c < 0x80) {
                out[k++] = (byte) c;
            } else if (c < 0x800) {
                out[k++] = (byte) (0xC0 | (c >> 6));
                out[k++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(v[i + 1])) {
                    int cp = Character.toCodePoint(c, v[++i]);
                    out[k++] = (byte) (0xF0 | (cp >> 18));
                    out[k++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    out[k++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    out[k++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    out[k++] = '?';
                }
            } else {
                out[k++] = (byte) (0xE0 | (c >> 12));
                out[k++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[k++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return Arrays0.copy(out, k);
    }

    // ---- decoding ----

    static char[] decode(int cs, byte[] b, int off, int len) {
        int end = off + len;
        if (cs == ISO_8859_1 || cs == US_ASCII) {
            char[] r = new char[len];
            for (int i = 0; i < len; i++) {
                int x = b[off + i];
                r[i] = (x >= 0) ? (char) x : (cs == ISO_8859_1) ? (char) (x & 0xFF) : REPL;
            }
            return r;
        }
        StringBuilder sb = new StringBuilder(len);
        if (cs == UTF_8) {
            decodeUtf8(b, off, end, sb);
        } else {
            decodeUtf16(cs, b, off, end, sb);
        }
        char[] r = new char[sb.length()];
        sb.getChars(0, r.length, r, 0);
        return r;
    }

    private static boolean cont(int x) {
        return (x & 0xC0) == 0x80;
    }

    /** Whether b1 b2 cannot start a three-byte sequence (overlong after E0, or no continuation). */
    private static boolean bad3(int b1, int b2) {
        return (b1 == 0xE0 && (b2 & 0xE0) == 0x80) || !cont(b2);
    }

    /** Whether b1 b2 cannot start a four-byte sequence (out of range after F0/F4, or no continuation). */
    private static boolean bad4(int b1, int b2) {
        return (b1 == 0xF0 && (b2 < 0x90 || b2 > 0xBF)) || (b1 == 0xF4 && (b2 & 0xF0) != 0x80) || !cont(b2);
    }

    private static void decodeUtf8(byte[] b, int i, int end, StringBuilder sb) {
        while (i < end) {
            int b1 = b[i++];
            if (b1 >= 0) {
                sb.append((char) b1);
                continue;
            }
            b1 &= 0xFF;
            if (b1 >= 0xC2 && b1 <= 0xDF) {
                if (i < end && cont(b[i])) {
                    sb.append((char) (((b1 & 0x1F) << 6) | (b[i] & 0x3F)));
                    i++;
                } else {
                    sb.append(REPL);
                }
            } else if (b1 >= 0xE0 && b1 <= 0xEF) {
                if (i + 1 < end) {
                    int b2 = b[i] & 0xFF;
                    int b3 = b[i + 1] & 0xFF;
                    sb.append(REPL);
                    if (bad3(b1, b2)) {
                        continue;
                    }
                    if (!cont(b3)) {
                        i++;
                        continue;
                    }
                    char c = (char) (((b1 & 0x0F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F));
                    if (!Character.isSurrogate(c)) {
                        sb.setCharAt(sb.length() - 1, c);
                    }
                    i += 2;
                } else {
                    sb.append(REPL);
                    if (i < end && !bad3(b1, b[i] & 0xFF)) {
                        i++;
                    }
                }
            } else if (b1 >= 0xF0 && b1 <= 0xF4) {
                sb.append(REPL);
                if (i < end && bad4(b1, b[i] & 0xFF)) {
                    continue;
                }
                if (i + 2 < end) {
                    int b2 = b[i] & 0xFF;
                    int b3 = b[i + 1] & 0xFF;
                    int b4 = b[i + 2] & 0xFF;
                    if (!cont(b3)) {
                        i++;
                        continue;
                    }
                    if (!cont(b4)) {
                        i += 2;
                        continue;
                    }
                    int cp = ((b1 & 0x07) << 18) | ((b2 & 0x3F) << 12) | ((b3 & 0x3F) << 6) | (b4 & 0x3F);
                    sb.setLength(sb.length() - 1);
                    sb.appendCodePoint(cp);
                    i += 3;
                } else {
                    // truncated at the end: one U+FFFD for the lead byte and its continuations
                    if (i < end) {
                        i++;
                        if (i < end && cont(b[i])) {
                            i++;
                        }
                    }
                }
            } else {
                sb.append(REPL);
            }
        }
    }

    private static void decodeUtf16(int cs, byte[] b, int i, int end, StringBuilder sb) {
        boolean little = (cs == UTF_16LE);
        if (cs == UTF_16 && end - i >= 2) {
            int m0 = b[i] & 0xFF;
            int m1 = b[i + 1] & 0xFF;
            if (m0 == 0xFE && m1 == 0xFF) {
                i += 2;
            } else if (m0 == 0xFF && m1 == 0xFE) {
                little = true;
                i += 2;
            }
        }
        while (end - i >= 2) {
            char c = unit(b, i, little);
            if (!Character.isSurrogate(c)) {
                sb.append(c);
                i += 2;
            } else if (Character.isLowSurrogate(c)) {
                sb.append(REPL);
                i += 2;
            } else if (end - i < 4) {
                break;
            } else {
                char c2 = unit(b, i + 2, little);
                if (Character.isLowSurrogate(c2)) {
                    sb.append(c).append(c2);
                } else {
                    sb.append(REPL);
                }
                i += 4;
            }
        }
        if (i < end) {
            // what is left at the end (an odd byte, or a high surrogate without its pair)
            sb.append(REPL);
        }
    }

    private static char unit(byte[] b, int i, boolean little) {
        int x = b[i] & 0xFF;
        int y = b[i + 1] & 0xFF;
        return little ? (char) ((y << 8) | x) : (char) ((x << 8) | y);
    }

    /** Small array helper (java.util.Arrays would be a needless dependency of String). */
    static final class Arrays0 {
        static byte[] copy(byte[] a, int n) {
            if (n == a.length) {
                return a;
            }
            byte[] r = new byte[n];
            System.arraycopy(a, 0, r, 0, n);
            return r;
        }
    }
}
