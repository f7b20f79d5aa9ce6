/*
 * Drivers of the siena subject (see SENPPacket.java): build a SENP packet from symbolic inputs
 * and encode it; the result is the encoded packet as a String (one char per byte, 0..255).
 */
package siena;

public class Driver {
    static byte[] bytes(String s) {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; ++i) {
            b[i] = (byte) s.charAt(i);
        }
        return b;
    }

    static String text(byte[] buf, int len) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; ++i) {
            sb.append((char) (buf[i] & 0xff));
        }
        return sb.toString();
    }

    /**
     * The paper's configuration, 9 symbolic inputs: the method, the ttl, a 3-byte attribute name
     * (n0 n1 n2), its long value num, a boolean attribute, the operator of the filter's
     * constraint on the named attribute, and the second byte s1 of a string attribute "msg".
     */
    public static String encode(int method, int ttl, char n0, char n1, char n2, int num, boolean flag, int op, char s1)
        throws SENPInvalidFormat {
        SENPPacket p = new SENPPacket();
        p.method = method;
        p.ttl = ttl;
        p.id = bytes("cu.7");
        p.handler = bytes("senp://h:1");
        byte[] name = {(byte) n0, (byte) n1, (byte) n2};
        byte[] sval = {(byte) 'a', (byte) s1};

        Notification e = new Notification();
        e.putAttribute(name, AttributeValue.ofLong(num));
        e.putAttribute(bytes("ok"), AttributeValue.ofBool(flag));
        e.putAttribute(bytes("msg"), AttributeValue.ofBytes(sval));
        e.putAttribute(bytes("price"), AttributeValue.ofDouble(2.5));
        p.event = e;

        Filter f = new Filter();
        f.addConstraint(name, new AttributeConstraint(op, AttributeValue.ofLong(num)));
        f.addConstraint(bytes("msg"), new AttributeConstraint(AttributeConstraint.PF, AttributeValue.ofBytes(sval)));
        p.filter = f;

        byte[] buf = new byte[256];
        int len = p.encode(buf);
        return text(buf, len);
    }

    /** Fewer inputs: the method, the ttl and a 1-byte attribute name (its value is 7). */
    public static String small(int method, int ttl, char n0) throws SENPInvalidFormat {
        SENPPacket p = new SENPPacket();
        p.method = method;
        p.ttl = ttl;
        p.id = bytes("cu.7");
        byte[] name = {(byte) n0};
        Notification e = new Notification();
        e.putAttribute(name, AttributeValue.ofLong(7));
        e.putAttribute(bytes("x"), AttributeValue.ofBool(true));
        p.event = e;
        Filter f = new Filter();
        f.addConstraint(name, new AttributeConstraint(AttributeConstraint.GT, AttributeValue.ofLong(7)));
        p.filter = f;
        byte[] buf = new byte[256];
        int len = p.encode(buf);
        return text(buf, len);
    }
}
