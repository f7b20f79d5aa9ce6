package java.lang;

/**
 * jsymex model of java.lang.StringIndexOutOfBoundsException.
 */
public class StringIndexOutOfBoundsException extends IndexOutOfBoundsException {

    public StringIndexOutOfBoundsException() {
        super();
    }

    public StringIndexOutOfBoundsException(String message) {
        super(message);
    }

    /** Message "String index out of range: " + index. */
    public StringIndexOutOfBoundsException(int index) {
        super("String index out of range: " + index);
    }
}
