package java.lang;

import java.io.PrintStream;

/**
 * jsymex model of java.lang.System. out and err write through the
 * jsymex.internal.Output native; arraycopy, identityHashCode, the clocks and
 * exit are VM natives. Only a few fixed properties are known and System.in,
 * environment variables and setOut/setErr are not modelled.
 */
public final class System {

    public static final PrintStream out = new PrintStream(1);
    public static final PrintStream err = new PrintStream(2);

    private System() {
    }

    public static native void arraycopy(Object src, int srcPos, Object dest, int destPos, int length);

    public static native int identityHashCode(Object x);

    public static native long currentTimeMillis();

    public static native long nanoTime();

    /** Terminates the program under analysis with the given status; never returns. */
    public static native void exit(int status);

    /** Known keys: line.separator ("\n"), file.separator ("/"), path.separator (":"). */
    public static String getProperty(String key) {
        if (key == null) {
            throw new NullPointerException("key can't be null");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key can't be empty");
        }
        if (key.equals("line.separator")) {
            return "\n";
        }
        if (key.equals("file.separator")) {
            return "/";
        }
        if (key.equals("path.separator")) {
            return ":";
        }
        return null;
    }

    public static String getProperty(String key, String def) {
        String v = getProperty(key);
        return (v == null) ? def : v;
    }

    /** No garbage collector to run. */
    public static void gc() {
    }

    public static void runFinalization() {
    }

    public static String lineSeparator() {
        return "\n";
    }
}
