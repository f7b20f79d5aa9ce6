package java.lang;

/**
 * jsymex model of java.lang.ArrayIndexOutOfBoundsException. (The VM's own array
 * checks use the message "Index N out of bounds for length M".)
 */
public class ArrayIndexOutOfBoundsException extends IndexOutOfBoundsException {

    public ArrayIndexOutOfBoundsException() {
        super();
    }

    public ArrayIndexOutOfBoundsException(String message) {
        super(message);
    }

    /** Message "Array index out of range: " + index. */
    public ArrayIndexOutOfBoundsException(int index) {
        super("Array index out of range: " + index);
    }
}
