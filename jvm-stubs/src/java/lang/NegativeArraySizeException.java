package java.lang;

/**
 * jsymex model of java.lang.NegativeArraySizeException: thrown by the VM for negative array lengths.
 */
public class NegativeArraySizeException extends RuntimeException {

    public NegativeArraySizeException() {
        super();
    }

    public NegativeArraySizeException(String message) {
        super(message);
    }
}
