package jsymexprobe;

/**
 * Method-entry probes for jsymex's mutation analysis, on the bootstrap class path so that every class
 * loader (also the fresh ones generated tests make) sees it. {@code ProbeAgent} makes each method of
 * the mutated classes call {@link #hit} with its number before anything else.
 */
public final class Probe {
    /** One flag per instrumented method; set by the harness before the first test. */
    public static volatile boolean[] hits = new boolean[0];

    private Probe() {}

    /** Method {@code id} was entered. */
    public static void hit(int id) {
        boolean[] h = hits;
        if (id < h.length) h[id] = true;
    }
}
