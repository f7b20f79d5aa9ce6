package java.lang;

/**
 * jsymex model of java.lang.InstantiationException.
 */
public class InstantiationException extends ReflectiveOperationException {

    public InstantiationException() {
        super();
    }

    public InstantiationException(String message) {
        super(message);
    }
}
