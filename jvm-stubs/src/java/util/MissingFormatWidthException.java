package java.util;

/** jsymex model of java.util.MissingFormatWidthException. */
public class MissingFormatWidthException extends IllegalFormatException {

    private final String s;

    public MissingFormatWidthException(String s) {
        Objects.requireNonNull(s);
        this.s = s;
    }

    public String getFormatSpecifier() {
        return s;
    }

    public String getMessage() {
        return s;
    }
}
