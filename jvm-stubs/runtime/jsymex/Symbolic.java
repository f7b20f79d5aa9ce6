package jsymex;

/**
 * The jsymex symbolic-input API on the real JVM: every input returns the value the test set
 * with {@link Replay#start} (under jsymex these methods are symbolic inputs).
 */
public final class Symbolic {

    private Symbolic() {
    }

    public static int intValue(String name) {
        return Replay.value(Replay.fresh(name)).intValue();
    }

    public static int intValue(String name, int min, int max) {
        if (min > max) {
            throw new IllegalArgumentException("empty range " + min + ".." + max);
        }
        int v = Replay.value(Replay.fresh(name)).intValue();
        return v < min || v > max ? min : v;
    }

    public static short shortValue(String name) {
        return Replay.value(Replay.fresh(name)).shortValue();
    }

    public static byte byteValue(String name) {
        return Replay.value(Replay.fresh(name)).byteValue();
    }

    public static long longValue(String name) {
        return Replay.value(Replay.fresh(name)).longValue();
    }

    public static char charValue(String name) {
        return (char) Replay.value(Replay.fresh(name)).intValue();
    }

    public static boolean booleanValue(String name) {
        return Replay.value(Replay.fresh(name)).intValue() != 0;
    }

    public static double doubleValue(String name) {
        return Replay.value(Replay.fresh(name)).doubleValue();
    }

    public static float floatValue(String name) {
        return Replay.value(Replay.fresh(name)).floatValue();
    }

    /** A string of exactly {@code length} recorded characters ({@code name[i]}). */
    public static String string(String name, int length) {
        String full = Replay.fresh(name);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.max(0, length); i++) {
            b.append((char) Replay.value(full + "[" + i + "]").intValue());
        }
        return b.toString();
    }

    /** Jsymex explored only the paths where cond holds; a test never gets here with false. */
    public static void assume(boolean cond) {
        if (!cond) {
            throw new IllegalStateException("jsymex: an assumption failed on replay");
        }
    }

    /** A failing check is a fault, as under jsymex. */
    public static void check(boolean cond) {
        if (!cond) {
            throw new CheckFailure("check failed");
        }
    }
}
