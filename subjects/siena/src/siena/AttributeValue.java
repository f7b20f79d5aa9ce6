/*
 * Siena: a typed attribute value (null, byte string, long, double or boolean). Written for
 * jsymex as part of the compact SENP version (see SENPPacket.java); strings are byte arrays like
 * Siena's BYTEARRAY values.
 */
package siena;

public class AttributeValue {
    public static final int NULL = 0;
    public static final int BYTEARRAY = 1;
    public static final int LONG = 2;
    public static final int DOUBLE = 3;
    public static final int BOOL = 4;

    public int type;
    public byte[] sval;
    public long lval;
    public double dval;
    public boolean bval;

    public AttributeValue() {
        type = NULL;
    }

    public static AttributeValue ofBytes(byte[] s) {
        AttributeValue v = new AttributeValue();
        v.type = BYTEARRAY;
        v.sval = s;
        return v;
    }

    public static AttributeValue ofLong(long x) {
        AttributeValue v = new AttributeValue();
        v.type = LONG;
        v.lval = x;
        return v;
    }

    public static AttributeValue ofDouble(double x) {
        AttributeValue v = new AttributeValue();
        v.type = DOUBLE;
        v.dval = x;
        return v;
    }

    public static AttributeValue ofBool(boolean x) {
        AttributeValue v = new AttributeValue();
        v.type = BOOL;
        v.bval = x;
        return v;
    }
}
