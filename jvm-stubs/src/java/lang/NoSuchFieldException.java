package java.lang;

/**
 * jsymex model of java.lang.NoSuchFieldException.
 */
public class NoSuchFieldException extends ReflectiveOperationException {

    public NoSuchFieldException() {
        super();
    }

    public NoSuchFieldException(String message) {
        super(message);
    }
}
