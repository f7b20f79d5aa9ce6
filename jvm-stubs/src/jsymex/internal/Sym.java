package jsymex.internal;

/**
 * Questions the models ask the VM about symbolic values. Boxing uses them: a symbolic value
 * gets a fresh box instead of a cached one, because picking the cached box would pin the
 * value (one path per cache slot).
 */
public final class Sym {

    private Sym() {
    }

    /** Whether the int (or char, short, byte) has a symbolic shadow on this path. */
    public static native boolean isSymbolic(int v);

    /**
     * The value's current concrete value, without its symbolic shadow and without constraining
     * it: for choices that do not change what the program observes (a hash bucket).
     */
    public static native int concrete(int v);

    /** Whether the long has a symbolic shadow on this path. */
    public static native boolean isSymbolic(long v);

    /** The length bound of symbolic strings of unknown length (jsymex's --string-len). */
    public static native int stringLength();

    /**
     * A string of symbolic length in 0..--string-len: {@code name.length} is the length, and
     * {@code name[i]} the characters (the n-th string of one name in a run is {@code name#n}).
     */
    public static String boundedString(String name) {
        int n = jsymex.Symbolic.intValue(name + ".length", 0, stringLength());
        String full = jsymex.Symbolic.string(name, stringLength());
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(full.charAt(i));
        }
        return b.toString();
    }
}
