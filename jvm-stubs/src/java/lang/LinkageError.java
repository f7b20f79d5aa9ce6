package java.lang;

/**
 * jsymex model of java.lang.LinkageError.
 */
public class LinkageError extends Error {

    public LinkageError() {
        super();
    }

    public LinkageError(String message) {
        super(message);
    }

    public LinkageError(String message, Throwable cause) {
        super(message, cause);
    }
}
