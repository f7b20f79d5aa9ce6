package java.io;

/**
 * jsymex model of java.io.EOFException.
 */
public class EOFException extends IOException {

    public EOFException() {
        super();
    }

    public EOFException(String message) {
        super(message);
    }
}
