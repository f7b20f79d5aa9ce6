/*
 * Siena SENP: the exception for a packet that cannot be encoded (unknown method, bad ttl, bad
 * operator or value type, buffer overflow). Written for jsymex (see SENPPacket.java).
 */
package siena;

public class SENPInvalidFormat extends Exception {
    public final int code;

    public SENPInvalidFormat(int code) {
        this.code = code;
    }
}
