package java.lang;

/**
 * jsymex model of java.lang.InterruptedException.
 */
public class InterruptedException extends Exception {

    public InterruptedException() {
        super();
    }

    public InterruptedException(String message) {
        super(message);
    }
}
