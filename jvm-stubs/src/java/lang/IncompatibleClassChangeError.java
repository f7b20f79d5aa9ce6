package java.lang;

/**
 * jsymex model of java.lang.IncompatibleClassChangeError.
 */
public class IncompatibleClassChangeError extends LinkageError {

    public IncompatibleClassChangeError() {
        super();
    }

    public IncompatibleClassChangeError(String message) {
        super(message);
    }
}
