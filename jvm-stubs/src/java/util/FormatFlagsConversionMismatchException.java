package java.util;

/** jsymex model of java.util.FormatFlagsConversionMismatchException: a flag the conversion does not allow. */
public class FormatFlagsConversionMismatchException extends IllegalFormatException {

    private final String f;
    private final char c;

    public FormatFlagsConversionMismatchException(String f, char c) {
        Objects.requireNonNull(f);
        this.f = f;
        this.c = c;
    }

    public String getFlags() {
        return f;
    }

    public char getConversion() {
        return c;
    }

    public String getMessage() {
        return "Conversion = " + c + ", Flags = " + f;
    }
}
