package java.lang;

/**
 * jsymex model of java.lang.Byte. All 256 boxes are cached, as in Java;
 * parsing follows Java 17 (including exception messages).
 */
public final class Byte extends Number implements Comparable<Byte> {

    public static final byte MIN_VALUE = -128;
    public static final byte MAX_VALUE = 127;
    public static final int SIZE = 8;
    public static final int BYTES = 1;

    @SuppressWarnings("unchecked")
    public static final Class<Byte> TYPE = (Class<Byte>) Class.getPrimitiveClass("byte");

    private final byte value;

    @Deprecated
    public Byte(byte value) {
        this.value = value;
    }

    @Deprecated
    public Byte(String s) throws NumberFormatException {
        this.value = parseByte(s, 10);
    }

    /** Every Byte box is shared, as in Java. */
    private static final class Cache {
        static final Byte[] CACHE = new Byte[256];

        static {
            for (int i = 0; i < 256; i++) {
                CACHE[i] = new Byte((byte) (i - 128));
            }
        }
    }

    public static Byte valueOf(byte b) {
        if (jsymex.internal.Sym.isSymbolic(b)) {
            return new Byte(b); // a symbolic value is not pinned to a cache slot
        }
        return Cache.CACHE[b + 128];
    }

    public static Byte valueOf(String s) throws NumberFormatException {
        return valueOf(parseByte(s, 10));
    }

    public static Byte valueOf(String s, int radix) throws NumberFormatException {
        return valueOf(parseByte(s, radix));
    }

    public static byte parseByte(String s) throws NumberFormatException {
        return parseByte(s, 10);
    }

    public static byte parseByte(String s, int radix) throws NumberFormatException {
        int i = Integer.parseInt(s, radix);
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value out of range. Value:\"" + s + "\" Radix:" + radix);
        }
        return (byte) i;
    }

    public static Byte decode(String nm) throws NumberFormatException {
        int i = Integer.decode(nm).intValue();
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value " + i + " out of range from input " + nm);
        }
        return valueOf((byte) i);
    }

    public static String toString(byte b) {
        return Integer.toString(b);
    }

    public String toString() {
        return Integer.toString(value);
    }

    public byte byteValue() {
        return value;
    }

    public short shortValue() {
        return value;
    }

    public int intValue() {
        return value;
    }

    public long longValue() {
        return value;
    }

    public float floatValue() {
        return value;
    }

    public double doubleValue() {
        return value;
    }

    public int hashCode() {
        return value;
    }

    public static int hashCode(byte value) {
        return value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Byte) {
            return value == ((Byte) obj).value;
        }
        return false;
    }

    public int compareTo(Byte anotherByte) {
        return compare(value, anotherByte.value);
    }

    public static int compare(byte x, byte y) {
        return x - y;
    }

    public static int compareUnsigned(byte x, byte y) {
        return toUnsignedInt(x) - toUnsignedInt(y);
    }

    public static int toUnsignedInt(byte x) {
        return x & 0xff;
    }

    public static long toUnsignedLong(byte x) {
        return x & 0xffL;
    }
}
