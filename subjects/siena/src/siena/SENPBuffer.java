/*
 * Siena SENP: the output buffer of the packet encoder with its encoders for numbers, booleans,
 * quoted byte strings (escaping '"', '\' and non-printable bytes as \ooo octal), attribute
 * names (identifier bytes as they are, anything else as \ooo), typed values and constraints.
 *
 * Written for jsymex as part of the compact SENP version (see SENPPacket.java). Adapted:
 * doubles are written by a small fixed algorithm (integer part, '.', at most 6 fraction digits,
 * no exponent) instead of Double.toString; overflow of the buffer is a SENPInvalidFormat.
 */
package siena;

public class SENPBuffer {
    public static final int E_OVERFLOW = 1;
    public static final int E_TYPE = 2;
    public static final int E_OPERATOR = 3;

    public final byte[] buf;
    public int pos;
    private final byte[] digits = new byte[20];

    public SENPBuffer(byte[] buf) {
        this.buf = buf;
        this.pos = 0;
    }

    public void put(byte b) throws SENPInvalidFormat {
        if (pos >= buf.length) {
            throw new SENPInvalidFormat(E_OVERFLOW);
        }
        buf[pos++] = b;
    }

    public void putKeyword(String s) throws SENPInvalidFormat {
        for (int i = 0; i < s.length(); ++i) {
            put((byte) s.charAt(i));
        }
    }

    /** Decimal digits of x, with a leading '-' when negative (Long.MIN_VALUE included). */
    public void encode(long x) throws SENPInvalidFormat {
        long v;
        if (x < 0) {
            put((byte) '-');
            v = x;
        } else {
            v = -x;
        }
        int n = 0;
        do {
            digits[n++] = (byte) ('0' - (int) (v % 10));
            v /= 10;
        } while (v != 0);
        while (n > 0) {
            put(digits[--n]);
        }
    }

    /** [-]integer.fraction with 1 to 6 fraction digits; NaN and Infinity by name. */
    public void encode(double d) throws SENPInvalidFormat {
        if (d != d) {
            putKeyword("NaN");
            return;
        }
        if (d < 0.0) {
            put((byte) '-');
            d = -d;
        }
        if (d > 9.0e18) {
            putKeyword("Infinity");
            return;
        }
        long ip = (long) d;
        encode(ip);
        put((byte) '.');
        double f = d - (double) ip;
        int k = 0;
        do {
            f *= 10.0;
            int dg = (int) f;
            put((byte) ('0' + dg));
            f -= (double) dg;
            ++k;
        } while (f != 0.0 && k < 6);
    }

    public void encode(boolean b) throws SENPInvalidFormat {
        putKeyword(b ? SENP.KwdTrue : SENP.KwdFalse);
    }

    private void octal(byte b) throws SENPInvalidFormat {
        int u = b & 0xff;
        put(SENP.KwdEscape);
        put((byte) ('0' + (u >> 6)));
        put((byte) ('0' + ((u >> 3) & 7)));
        put((byte) ('0' + (u & 7)));
    }

    /** A quoted byte string. */
    public void encodeString(byte[] s) throws SENPInvalidFormat {
        put(SENP.KwdQuote);
        for (int i = 0; i < s.length; ++i) {
            byte b = s[i];
            if (b == SENP.KwdQuote || b == SENP.KwdEscape) {
                put(SENP.KwdEscape);
                put(b);
            } else if (b < 0x20 || b > 0x7e) {
                octal(b);
            } else {
                put(b);
            }
        }
        put(SENP.KwdQuote);
    }

    public static boolean isIdentifierByte(byte b) {
        if (b >= 'a' && b <= 'z') {
            return true;
        }
        if (b >= 'A' && b <= 'Z') {
            return true;
        }
        if (b >= '0' && b <= '9') {
            return true;
        }
        return b == '_' || b == '.' || b == '-' || b == '/';
    }

    /** An attribute name: identifier bytes as they are, every other byte as \ooo. */
    public void encodeName(byte[] s) throws SENPInvalidFormat {
        for (int i = 0; i < s.length; ++i) {
            byte b = s[i];
            if (isIdentifierByte(b)) {
                put(b);
            } else {
                octal(b);
            }
        }
    }

    public void encode(AttributeValue v) throws SENPInvalidFormat {
        switch (v.type) {
            case AttributeValue.NULL:
                putKeyword(SENP.KwdNull);
                break;
            case AttributeValue.BYTEARRAY:
                encodeString(v.sval);
                break;
            case AttributeValue.LONG:
                encode(v.lval);
                break;
            case AttributeValue.DOUBLE:
                encode(v.dval);
                break;
            case AttributeValue.BOOL:
                encode(v.bval);
                break;
            default:
                throw new SENPInvalidFormat(E_TYPE);
        }
    }

    /**
     * A constraint after its attribute's name: the operator and the value ("any" has no value;
     * the string operators prefix, suffix and substring need a string value).
     */
    public void encode(AttributeConstraint c) throws SENPInvalidFormat {
        String op = SENP.operatorName(c.op);
        if (op == null) {
            throw new SENPInvalidFormat(E_OPERATOR);
        }
        if (c.op == AttributeConstraint.ANY) {
            put(SENP.KwdSeparator);
            putKeyword(op);
            return;
        }
        if ((c.op == AttributeConstraint.PF || c.op == AttributeConstraint.SF || c.op == AttributeConstraint.SS)
            && c.value.type != AttributeValue.BYTEARRAY) {
            throw new SENPInvalidFormat(E_TYPE);
        }
        putKeyword(op);
        encode(c.value);
    }

    public void encode(Notification e) throws SENPInvalidFormat {
        putKeyword(SENP.KwdEvent);
        put(SENP.KwdLParen);
        boolean first = true;
        for (Notification.Attr a = e.first; a != null; a = a.next) {
            if (!first) {
                put(SENP.KwdSeparator);
            }
            first = false;
            encodeName(a.name);
            put(SENP.KwdEquals);
            encode(a.value);
        }
        put(SENP.KwdRParen);
    }

    public void encode(Filter f) throws SENPInvalidFormat {
        putKeyword(SENP.KwdFilter);
        put(SENP.KwdLParen);
        boolean first = true;
        for (Filter.Cons c = f.first; c != null; c = c.next) {
            if (!first) {
                put(SENP.KwdSeparator);
            }
            first = false;
            encodeName(c.name);
            encode(c.constraint);
        }
        put(SENP.KwdRParen);
    }
}
