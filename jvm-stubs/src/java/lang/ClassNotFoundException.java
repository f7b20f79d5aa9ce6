package java.lang;

/**
 * jsymex model of java.lang.ClassNotFoundException.
 */
public class ClassNotFoundException extends ReflectiveOperationException {

    public ClassNotFoundException() {
        super((String) null, (Throwable) null);
    }

    public ClassNotFoundException(String message) {
        super(message, (Throwable) null);
    }

    public ClassNotFoundException(String message, Throwable ex) {
        super(message, ex);
    }

    public Throwable getException() {
        return getCause();
    }
}
