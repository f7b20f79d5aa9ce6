package java.lang;

/**
 * jsymex model of java.lang.IndexOutOfBoundsException.
 */
public class IndexOutOfBoundsException extends RuntimeException {

    public IndexOutOfBoundsException() {
        super();
    }

    public IndexOutOfBoundsException(String message) {
        super(message);
    }

    /** Message "Index out of range: " + index. */
    public IndexOutOfBoundsException(int index) {
        super("Index out of range: " + index);
    }

    /** Message "Index out of range: " + index. */
    public IndexOutOfBoundsException(long index) {
        super("Index out of range: " + index);
    }
}
