package java.util;

/** jsymex model of java.util.UnknownFormatConversionException. */
public class UnknownFormatConversionException extends IllegalFormatException {

    private final String s;

    public UnknownFormatConversionException(String s) {
        Objects.requireNonNull(s);
        this.s = s;
    }

    public String getConversion() {
        return s;
    }

    public String getMessage() {
        return "Conversion = '" + s + "'";
    }
}
