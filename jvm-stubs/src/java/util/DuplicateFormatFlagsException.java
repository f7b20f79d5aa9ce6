package java.util;

/** jsymex model of java.util.DuplicateFormatFlagsException. */
public class DuplicateFormatFlagsException extends IllegalFormatException {

    private final String flags;

    public DuplicateFormatFlagsException(String flags) {
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
