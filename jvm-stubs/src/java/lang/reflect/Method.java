package java.lang.reflect;

/**
 * jsymex placeholder for java.lang.reflect.Method: reflection is not modelled, but libraries
 * (Commons Lang's ArrayUtils) create empty Method[] constants, which needs the class.
 */
public final class Method {
    private Method() {
    }
}
