/*
 * Siena SENP: a packet of the Siena Event Notification Protocol and its encoder. A packet has
 * a header (protocol version, method, ttl, and optionally the sender's id, the destination and
 * the handler to reply to) and, depending on the method, a body: the event of a publication
 * (PUB) or the filter of a subscription, unsubscription, advertisement or unadvertisement
 * (SUB, UNS, ADV, UNA). encode() writes the wire format
 *   senp{version=2 method="PUB" ttl=30 id="..." to="..." handler="..."}event{name=value ...}
 * into a byte buffer and returns its length.
 *
 * Written for jsymex as a compact, faithful-in-structure Java version of Siena's SENPPacket,
 * SENPBuffer, AttributeValue, AttributeConstraint, Notification and Filter (the DGSE paper's
 * "Siena" subject, entry point encode). Adapted: no networking or decoding; errors are one
 * checked exception with a code.
 */
package siena;

public class SENPPacket {
    public static final int E_METHOD = 10;
    public static final int E_TTL = 11;

    public int version = SENP.ProtocolVersion;
    public int method = SENP.NOP;
    public int ttl = SENP.DefaultTtl;
    public byte[] id;
    public byte[] to;
    public byte[] handler;
    public Notification event;
    public Filter filter;

    private static void field(SENPBuffer b, String kwd) throws SENPInvalidFormat {
        b.put(SENP.KwdSeparator);
        b.putKeyword(kwd);
        b.put(SENP.KwdEquals);
    }

    /** Encodes this packet into buf; returns the number of bytes written. */
    public int encode(byte[] buf) throws SENPInvalidFormat {
        String m = SENP.methodName(method);
        if (m == null) {
            throw new SENPInvalidFormat(E_METHOD);
        }
        if (ttl < 0 || ttl > SENP.MaxTtl) {
            throw new SENPInvalidFormat(E_TTL);
        }
        SENPBuffer b = new SENPBuffer(buf);
        b.putKeyword(SENP.KwdSenp);
        b.put(SENP.KwdLParen);
        b.putKeyword(SENP.KwdVersion);
        b.put(SENP.KwdEquals);
        b.encode((long) version);
        field(b, SENP.KwdMethod);
        b.put(SENP.KwdQuote);
        b.putKeyword(m);
        b.put(SENP.KwdQuote);
        field(b, SENP.KwdTtl);
        b.encode((long) ttl);
        if (id != null) {
            field(b, SENP.KwdId);
            b.encodeString(id);
        }
        if (to != null) {
            field(b, SENP.KwdTo);
            b.encodeString(to);
        }
        if (handler != null) {
            field(b, SENP.KwdHandler);
            b.encodeString(handler);
        }
        b.put(SENP.KwdRParen);
        switch (method) {
            case SENP.PUB:
                if (event != null) {
                    b.encode(event);
                }
                break;
            case SENP.SUB:
            case SENP.UNS:
            case SENP.ADV:
            case SENP.UNA:
                if (filter != null) {
                    b.encode(filter);
                }
                break;
            default:
                break;
        }
        return b.pos;
    }
}
