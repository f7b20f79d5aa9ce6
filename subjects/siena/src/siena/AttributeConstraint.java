/*
 * Siena: an attribute constraint of a filter, an operator (SENP.operators) with a value.
 * Written for jsymex as part of the compact SENP version (see SENPPacket.java).
 */
package siena;

public class AttributeConstraint {
    public static final int EQ = 1;
    public static final int LT = 2;
    public static final int GT = 3;
    public static final int GE = 4;
    public static final int LE = 5;
    public static final int PF = 6;
    public static final int SF = 7;
    public static final int ANY = 8;
    public static final int NE = 9;
    public static final int SS = 10;

    public int op;
    public AttributeValue value;

    public AttributeConstraint(int op, AttributeValue value) {
        this.op = op;
        this.value = value;
    }
}
