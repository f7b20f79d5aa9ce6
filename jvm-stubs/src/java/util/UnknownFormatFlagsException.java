package java.util;

/** jsymex model of java.util.UnknownFormatFlagsException. */
public class UnknownFormatFlagsException extends IllegalFormatException {

    private final String flags;

    public UnknownFormatFlagsException(String flags) {
        Objects.requireNonNull(flags);
        this.flags = flags;
    }

    public String getFlags() {
        return flags;
    }

    public String getMessage() {
        return "Flags = " + flags;
    }
}
