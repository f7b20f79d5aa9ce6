package java.lang;

/**
 * jsymex model of java.lang.NoClassDefFoundError.
 */
public class NoClassDefFoundError extends LinkageError {

    public NoClassDefFoundError() {
        super();
    }

    public NoClassDefFoundError(String message) {
        super(message);
    }
}
