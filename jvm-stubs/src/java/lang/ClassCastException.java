package java.lang;

/**
 * jsymex model of java.lang.ClassCastException: thrown by the VM for failing checkcast.
 */
public class ClassCastException extends RuntimeException {

    public ClassCastException() {
        super();
    }

    public ClassCastException(String message) {
        super(message);
    }
}
