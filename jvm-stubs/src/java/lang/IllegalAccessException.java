package java.lang;

/**
 * jsymex model of java.lang.IllegalAccessException.
 */
public class IllegalAccessException extends ReflectiveOperationException {

    public IllegalAccessException() {
        super();
    }

    public IllegalAccessException(String message) {
        super(message);
    }
}
