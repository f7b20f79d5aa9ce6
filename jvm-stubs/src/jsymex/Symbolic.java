package jsymex;

/**
 * The jsymex symbolic-input API. Each call with a new name introduces a fresh
 * symbolic input; assume adds a path condition, and check asks jsymex to prove
 * the condition on every path (a violation is reported as a finding).
 * All methods are implemented by the jsymex VM.
 */
public final class Symbolic {

    private Symbolic() {
    }

    public static native int intValue(String name);

    /** A symbolic int in {@code min..max} (both included). */
    public static native int intValue(String name, int min, int max);

    public static native short shortValue(String name);

    public static native byte byteValue(String name);

    public static native float floatValue(String name);

    public static native long longValue(String name);

    public static native char charValue(String name);

    public static native boolean booleanValue(String name);

    public static native double doubleValue(String name);

    /** A symbolic string of exactly {@code length} chars. */
    public static native String string(String name, int length);

    /** Restricts the analysis to paths where cond holds. */
    public static native void assume(boolean cond);

    /** Reports a finding on paths where cond can be false. */
    public static native void check(boolean cond);
}
