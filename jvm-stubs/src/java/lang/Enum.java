package java.lang;

/**
 * jsymex model of java.lang.Enum, the superclass of all enum types.
 * valueOf(Class, String) looks the constant up through the VM native valueOf0.
 */
public abstract class Enum<E extends Enum<E>> implements Comparable<E>, java.io.Serializable {

    private final String name;
    private final int ordinal;

    protected Enum(String name, int ordinal) {
        this.name = name;
        this.ordinal = ordinal;
    }

    public final String name() {
        return name;
    }

    public final int ordinal() {
        return ordinal;
    }

    public String toString() {
        return name;
    }

    public final boolean equals(Object other) {
        return this == other;
    }

    public final int hashCode() {
        return super.hashCode();
    }

    protected final Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }

    public final int compareTo(E o) {
        Enum<?> other = o;
        return ordinal - other.ordinal;
    }

    protected final void finalize() {
    }

    /**
     * Returns the enum constant of {@code enumClass} whose field name is {@code name}
     * (initialising the class if needed), or null when there is none. Implemented by the VM.
     */
    private static native Object valueOf0(Class<?> enumClass, String name);

    @SuppressWarnings("unchecked")
    public static <T extends Enum<T>> T valueOf(Class<T> enumClass, String name) {
        String className = enumClass.getName();
        if (name == null) {
            throw new NullPointerException("Name is null");
        }
        Object constant = valueOf0(enumClass, name);
        if (constant != null) {
            return (T) constant;
        }
        throw new IllegalArgumentException("No enum constant " + className.replace('$', '.') + "." + name);
    }
}
