package java.util;

/** jsymex model of java.util.FormattableFlags. */
public class FormattableFlags {

    public static final int LEFT_JUSTIFY = 1 << 0;
    public static final int UPPERCASE = 1 << 1;
    public static final int ALTERNATE = 1 << 2;

    private FormattableFlags() {
    }
}
