package java.util;

/** jsymex model of java.util.MissingFormatArgumentException. */
public class MissingFormatArgumentException extends IllegalFormatException {

    private final String s;

    public MissingFormatArgumentException(String s) {
        Objects.requireNonNull(s);
        this.s = s;
    }

    public String getFormatSpecifier() {
        return s;
    }

    public String getMessage() {
        return "Format specifier '" + s + "'";
    }
}
