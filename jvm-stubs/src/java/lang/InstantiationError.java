package java.lang;

/**
 * jsymex model of java.lang.InstantiationError.
 */
public class InstantiationError extends IncompatibleClassChangeError {

    public InstantiationError() {
        super();
    }

    public InstantiationError(String message) {
        super(message);
    }
}
