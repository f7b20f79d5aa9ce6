package java.lang;

/**
 * jsymex model of java.lang.IllegalMonitorStateException.
 */
public class IllegalMonitorStateException extends RuntimeException {

    public IllegalMonitorStateException() {
        super();
    }

    public IllegalMonitorStateException(String message) {
        super(message);
    }
}
