package java.io;

/**
 * jsymex model of java.io.UnsupportedEncodingException.
 */
public class UnsupportedEncodingException extends IOException {

    public UnsupportedEncodingException() {
        super();
    }

    public UnsupportedEncodingException(String message) {
        super(message);
    }
}
