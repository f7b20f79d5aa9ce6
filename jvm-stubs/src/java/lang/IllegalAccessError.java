package java.lang;

/**
 * jsymex model of java.lang.IllegalAccessError.
 */
public class IllegalAccessError extends IncompatibleClassChangeError {

    public IllegalAccessError() {
        super();
    }

    public IllegalAccessError(String message) {
        super(message);
    }
}
