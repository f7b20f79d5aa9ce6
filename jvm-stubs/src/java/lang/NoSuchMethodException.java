package java.lang;

/**
 * jsymex model of java.lang.NoSuchMethodException.
 */
public class NoSuchMethodException extends ReflectiveOperationException {

    public NoSuchMethodException() {
        super();
    }

    public NoSuchMethodException(String message) {
        super(message);
    }
}
