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
}
