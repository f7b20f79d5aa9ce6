package java.nio.charset;

/** jsymex model of java.nio.charset.StandardCharsets. */
public final class StandardCharsets {

    private StandardCharsets() {
    }

    public static final Charset US_ASCII = Charset.standard(0);
    public static final Charset ISO_8859_1 = Charset.standard(1);
    public static final Charset UTF_8 = Charset.standard(2);
    public static final Charset UTF_16BE = Charset.standard(3);
    public static final Charset UTF_16LE = Charset.standard(4);
    public static final Charset UTF_16 = Charset.standard(5);
}
