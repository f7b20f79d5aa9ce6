package java.lang;

/**
 * jsymex model of java.lang.NullPointerException. Helpful NPE messages are not
 * computed here: the VM sets detailMessage on the exceptions it throws.
 */
public class NullPointerException extends RuntimeException {

    public NullPointerException() {
        super();
    }

    public NullPointerException(String message) {
        super(message);
    }
}
