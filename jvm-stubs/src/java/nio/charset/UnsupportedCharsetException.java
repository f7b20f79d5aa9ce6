package java.nio.charset;

/** jsymex model of java.nio.charset.UnsupportedCharsetException. */
public class UnsupportedCharsetException extends IllegalArgumentException {

    private final String charsetName;

    public UnsupportedCharsetException(String charsetName) {
        super(String.valueOf(charsetName));
        this.charsetName = charsetName;
    }

    public String getCharsetName() {
        return charsetName;
    }
}
