package java.util;

/**
 * jsymex model of java.util.ConcurrentModificationException.
 */
public class ConcurrentModificationException extends RuntimeException {

    public ConcurrentModificationException() {
        super();
    }

    public ConcurrentModificationException(String message) {
        super(message);
    }

    public ConcurrentModificationException(String message, Throwable cause) {
        super(message, cause);
    }

    public ConcurrentModificationException(Throwable cause) {
        super(cause);
    }
}
