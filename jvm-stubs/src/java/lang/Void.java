package java.lang;

/**
 * jsymex model of java.lang.Void: uninstantiable holder of the void class object.
 */
public final class Void {

    @SuppressWarnings("unchecked")
    public static final Class<Void> TYPE = (Class<Void>) Class.getPrimitiveClass("void");

    private Void() {
    }
}
