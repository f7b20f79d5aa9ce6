package java.lang;

/**
 * jsymex model of java.lang.Runtime: one processor and fixed memory figures (64 MiB total,
 * 32 MiB free, 256 MiB maximum); gc and runFinalization do nothing; shutdown hooks are
 * recorded but never run; exit and halt end the program like System.exit.
 */
public class Runtime {

    private static final Runtime currentRuntime = new Runtime();

    private final java.util.ArrayList<Thread> hooks = new java.util.ArrayList<>();

    private Runtime() {
    }

    public static Runtime getRuntime() {
        return currentRuntime;
    }

    public int availableProcessors() {
        return 1;
    }

    public long totalMemory() {
        return 64L << 20;
    }

    public long freeMemory() {
        return 32L << 20;
    }

    public long maxMemory() {
        return 256L << 20;
    }

    public void gc() {
    }

    public void runFinalization() {
    }

    public void exit(int status) {
        System.exit(status);
    }

    public void halt(int status) {
        System.exit(status);
    }

    public void addShutdownHook(Thread hook) {
        if (hook == null) {
            throw new NullPointerException();
        }
        if (hooks.contains(hook)) {
            throw new IllegalArgumentException("Hook previously registered");
        }
        hooks.add(hook);
    }

    public boolean removeShutdownHook(Thread hook) {
        if (hook == null) {
            throw new NullPointerException();
        }
        return hooks.remove(hook);
    }
}
