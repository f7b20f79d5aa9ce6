/*
 * Siena: a filter, a conjunction of attribute constraints (several may name the same
 * attribute). Written for jsymex as part of the compact SENP version (see SENPPacket.java).
 * Adapted: a linked list in insertion order instead of Siena's map of lists.
 */
package siena;

public class Filter {
    /** One constraint on a named attribute. */
    public static class Cons {
        public byte[] name;
        public AttributeConstraint constraint;
        public Cons next;
    }

    public Cons first;
    public Cons last;
    public int size;

    public void addConstraint(byte[] name, AttributeConstraint c) {
        Cons n = new Cons();
        n.name = name;
        n.constraint = c;
        if (last == null) {
            first = n;
        } else {
            last.next = n;
        }
        last = n;
        ++size;
    }
}
