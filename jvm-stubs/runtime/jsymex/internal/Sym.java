package jsymex.internal;

import jsymex.Symbolic;

/** The runtime side of the models' helpers (see the model of the same name in jvm-stubs/src). */
public final class Sym {

    private Sym() {
    }

    /** A string of recorded length ({@code name.length}) and characters ({@code name[i]}). */
    public static String boundedString(String name) {
        int n = Symbolic.intValue(name + ".length", 0, Integer.MAX_VALUE);
        return Symbolic.string(name, n);
    }
}
