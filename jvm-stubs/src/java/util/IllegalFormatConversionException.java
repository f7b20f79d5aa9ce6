package java.util;

/** jsymex model of java.util.IllegalFormatConversionException: an argument of the wrong type. */
public class IllegalFormatConversionException extends IllegalFormatException {

    private final char c;
    private final Class<?> arg;

    public IllegalFormatConversionException(char c, Class<?> arg) {
        Objects.requireNonNull(arg);
        this.c = c;
        this.arg = arg;
    }

    public char getConversion() {
        return c;
    }

    public Class<?> getArgumentClass() {
        return arg;
    }

    public String getMessage() {
        return c + " != " + arg.getName();
    }
}
