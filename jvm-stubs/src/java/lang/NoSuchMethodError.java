package java.lang;

/**
 * jsymex model of java.lang.NoSuchMethodError.
 */
public class NoSuchMethodError extends IncompatibleClassChangeError {

    public NoSuchMethodError() {
        super();
    }

    public NoSuchMethodError(String message) {
        super(message);
    }
}
