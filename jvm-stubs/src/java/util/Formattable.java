package java.util;

/** jsymex model of java.util.Formattable: an argument that formats itself for %s. */
public interface Formattable {

    void formatTo(Formatter formatter, int flags, int width, int precision);
}
