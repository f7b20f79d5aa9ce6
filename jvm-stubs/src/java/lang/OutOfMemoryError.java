package java.lang;

/**
 * jsymex model of java.lang.OutOfMemoryError.
 */
public class OutOfMemoryError extends VirtualMachineError {

    public OutOfMemoryError() {
        super();
    }

    public OutOfMemoryError(String message) {
        super(message);
    }
}
