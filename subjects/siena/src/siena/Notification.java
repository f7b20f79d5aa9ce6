/*
 * Siena: an event notification, a set of named attributes. Written for jsymex as part of the
 * compact SENP version (see SENPPacket.java). Adapted: Siena keeps the attributes in a HashMap;
 * here they are a linked list in insertion order, and putAttribute() replaces the value of an
 * attribute with an equal name like Map.put.
 */
package siena;

public class Notification {
    /** One attribute. */
    public static class Attr {
        public byte[] name;
        public AttributeValue value;
        public Attr next;
    }

    public Attr first;
    public int size;

    public static boolean sameName(byte[] a, byte[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; ++i) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    public void putAttribute(byte[] name, AttributeValue value) {
        Attr last = null;
        for (Attr a = first; a != null; a = a.next) {
            if (sameName(a.name, name)) {
                a.value = value;
                return;
            }
            last = a;
        }
        Attr n = new Attr();
        n.name = name;
        n.value = value;
        if (last == null) {
            first = n;
        } else {
            last.next = n;
        }
        ++size;
    }
}
