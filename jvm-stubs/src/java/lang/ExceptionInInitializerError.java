package java.lang;

/**
 * jsymex model of java.lang.ExceptionInInitializerError: wraps an exception
 * thrown by a static initializer (available as the cause).
 */
public class ExceptionInInitializerError extends LinkageError {

    public ExceptionInInitializerError() {
        initCause(null);
    }

    public ExceptionInInitializerError(Throwable thrown) {
        super(null, thrown);
    }

    public ExceptionInInitializerError(String s) {
        super(s, null);
    }

    public Throwable getException() {
        return getCause();
    }
}
