package java.util;

/** jsymex model of java.util.IllegalFormatFlagsException. */
public class IllegalFormatFlagsException extends IllegalFormatException {

    private final String flags;

    public IllegalFormatFlagsException(String flags) {
        Objects.requireNonNull(flags);
        this.flags = flags;
    }

    public String getFlags() {
        return flags;
    }

    public String getMessage() {
        return "Flags = '" + flags + "'";
    }
}
