package java.lang;

/**
 * jsymex model of java.lang.AbstractMethodError.
 */
public class AbstractMethodError extends IncompatibleClassChangeError {

    public AbstractMethodError() {
        super();
    }

    public AbstractMethodError(String message) {
        super(message);
    }
}
