package jsymex.internal;

/**
 * jsymex output channel: every char printed through System.out / System.err
 * reaches the VM through {@link #write}.
 */
public final class Output {

    private Output() {
    }

    /** Appends the chars of s to file descriptor fd (1 = stdout, 2 = stderr). */
    public static native void write(int fd, String s);
}
