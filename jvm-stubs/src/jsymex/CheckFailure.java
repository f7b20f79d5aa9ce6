package jsymex;

/** Thrown by {@link Symbolic#check} when its condition fails: a fault, like a failed assertion. */
public class CheckFailure extends AssertionError {
    /** A failure with a message. */
    public CheckFailure(String message) {
        super(message, null);
    }
}
