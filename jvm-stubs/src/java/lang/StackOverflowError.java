package java.lang;

/**
 * jsymex model of java.lang.StackOverflowError.
 */
public class StackOverflowError extends VirtualMachineError {

    public StackOverflowError() {
        super();
    }

    public StackOverflowError(String message) {
        super(message);
    }
}
