package java.lang;

/**
 * jsymex model of java.lang.NumberFormatException: thrown by the number parsers.
 */
public class NumberFormatException extends IllegalArgumentException {

    public NumberFormatException() {
        super();
    }

    public NumberFormatException(String message) {
        super(message);
    }
}
