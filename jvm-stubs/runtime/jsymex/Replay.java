package jsymex;

import java.util.HashMap;
import java.util.Map;

/**
 * The values of one generated test: {@link #start} sets the symbolic inputs a jsymex path
 * drew (by name, as in the JSONL's {@code symbolic} object), and the input API
 * ({@link Symbolic}, SPF's {@code Debug}, JPF's {@code Verify}, SV-COMP's {@code Verifier})
 * returns them in the same order on the real JVM. The values live in the system properties,
 * so drivers loaded by a fresh class loader see them too.
 */
public final class Replay {

    private static final String KEY = "jsymex.replay";

    private Replay() {
    }

    /** Starts a test: {@code namesAndValues} alternates names and boxed values. */
    public static void start(Object... namesAndValues) {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            values.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        Map<String, Object> state = new HashMap<>();
        state.put("values", values);
        state.put("counts", new HashMap<String, Integer>());
        System.getProperties().put(KEY, state);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> state() {
        Object s = System.getProperties().get(KEY);
        if (s == null) {
            start();
            s = System.getProperties().get(KEY);
        }
        return (Map<String, Object>) s;
    }

    /** {@code base} for its first request in a test, {@code base#n} for the n-th (as jsymex names them). */
    @SuppressWarnings("unchecked")
    static String fresh(String base) {
        Map<String, Integer> counts = (Map<String, Integer>) state().get("counts");
        int n = counts.getOrDefault(base, 0) + 1;
        counts.put(base, n);
        return n == 1 ? base : base + "#" + n;
    }

    /** The recorded value of a named input (0 when the path left it unconstrained). */
    @SuppressWarnings("unchecked")
    static Number value(String name) {
        Object v = ((Map<String, Object>) state().get("values")).get(name);
        if (v instanceof Boolean) {
            return ((Boolean) v) ? 1 : 0;
        }
        if (v instanceof Character) {
            return (int) (Character) v;
        }
        return v == null ? 0 : (Number) v;
    }
}
