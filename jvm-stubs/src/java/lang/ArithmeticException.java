package java.lang;

/**
 * jsymex model of java.lang.ArithmeticException: thrown by the VM for integer division by zero ("/ by zero") and by Math for overflow.
 */
public class ArithmeticException extends RuntimeException {

    public ArithmeticException() {
        super();
    }

    public ArithmeticException(String message) {
        super(message);
    }
}
