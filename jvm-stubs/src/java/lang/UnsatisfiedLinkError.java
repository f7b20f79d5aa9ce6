package java.lang;

/**
 * jsymex model of java.lang.UnsatisfiedLinkError.
 */
public class UnsatisfiedLinkError extends LinkageError {

    public UnsatisfiedLinkError() {
        super();
    }

    public UnsatisfiedLinkError(String message) {
        super(message);
    }
}
