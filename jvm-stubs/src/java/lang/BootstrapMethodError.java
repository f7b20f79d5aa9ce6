package java.lang;

/**
 * jsymex model of java.lang.BootstrapMethodError: invokedynamic is not supported by jsymex.
 */
public class BootstrapMethodError extends LinkageError {

    public BootstrapMethodError() {
        super();
    }

    public BootstrapMethodError(String message) {
        super(message);
    }

    public BootstrapMethodError(String message, Throwable cause) {
        super(message, cause);
    }

    public BootstrapMethodError(Throwable cause) {
        super(cause == null ? null : cause.toString(), cause);
    }
}
