package java.lang;

/**
 * jsymex model of java.lang.NoSuchFieldError: also caught by javac-generated enum switch maps.
 */
public class NoSuchFieldError extends IncompatibleClassChangeError {

    public NoSuchFieldError() {
        super();
    }

    public NoSuchFieldError(String message) {
        super(message);
    }
}
