package java.lang.reflect;

/**
 * jsymex placeholder for java.lang.reflect.Field: reflection is not modelled, but libraries
 * (Commons Lang's ArrayUtils) create empty Field[] constants, which needs the class.
 */
public final class Field {
    private Field() {
    }
}
