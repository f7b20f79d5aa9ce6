package java.util;

/** jsymex model of java.util.FormatterClosedException. */
public class FormatterClosedException extends IllegalStateException {

    public FormatterClosedException() {
    }
}
