package java.lang.reflect;

/** jsymex model of java.lang.reflect.Type: a type (reflection is not modelled). */
public interface Type {
    /** The type's name. */
    default String getTypeName() {
        return toString();
    }
}
