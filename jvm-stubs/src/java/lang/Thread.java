package java.lang;

/**
 * jsymex model of java.lang.Thread. The program under analysis has one thread, "main" (id 1,
 * priority 5, group "main"); currentThread() always returns it. Other Thread objects can be
 * created and named ("Thread-0", "Thread-1", ...), but start() runs run() to completion on the
 * spot (jsymex explores one thread of control) and join() returns at once. sleep, yield and
 * onSpinWait do not wait. The interrupt flag is kept: sleep and join on an interrupted thread
 * throw InterruptedException and clear it. Thread groups, uncaught-exception handlers, stack
 * traces and thread-locals are not modelled.
 */
public class Thread implements Runnable {

    public static final int MIN_PRIORITY = 1;
    public static final int NORM_PRIORITY = 5;
    public static final int MAX_PRIORITY = 10;

    private static int threadInitNumber;
    private static long threadSeqNumber = 1;
    private static Thread main;

    private final Runnable target;
    private String name;
    private final long tid;
    private int priority = NORM_PRIORITY;
    private boolean daemon;
    private boolean interrupted;
    private boolean started;
    private boolean alive;

    /** The main thread. */
    private Thread(String name, long tid) {
        this.target = null;
        this.name = name;
        this.tid = tid;
        this.started = true;
        this.alive = true;
    }

    public Thread() {
        this(null, null);
    }

    public Thread(Runnable target) {
        this(target, null);
    }

    public Thread(String name) {
        this(null, name);
    }

    public Thread(Runnable target, String name) {
        this.target = target;
        this.name = (name != null) ? name : "Thread-" + nextThreadNum();
        this.tid = ++threadSeqNumber;
        Thread parent = currentThread();
        this.daemon = parent.daemon;
        this.priority = parent.priority;
    }

    private static synchronized int nextThreadNum() {
        return threadInitNumber++;
    }

    public static Thread currentThread() {
        if (main == null) {
            main = new Thread("main", 1);
        }
        return main;
    }

    /** Returns at once (there is nothing else to run). */
    public static void yield() {
    }

    public static void onSpinWait() {
    }

    /** Does not wait; throws if the thread was interrupted (clearing the flag). */
    public static void sleep(long millis) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        Thread t = currentThread();
        if (t.interrupted) {
            t.interrupted = false;
            throw new InterruptedException("sleep interrupted");
        }
    }

    public static void sleep(long millis, int nanos) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        sleep(millis);
    }

    public static boolean interrupted() {
        Thread t = currentThread();
        boolean was = t.interrupted;
        t.interrupted = false;
        return was;
    }

    public static boolean holdsLock(Object obj) {
        if (obj == null) {
            throw new NullPointerException();
        }
        return false;
    }

    public static int activeCount() {
        return 1;
    }

    /** Runs run() to completion now: jsymex follows a single thread of control. */
    public synchronized void start() {
        if (started) {
            throw new IllegalThreadStateException();
        }
        started = true;
        alive = true;
        try {
            run();
        } finally {
            alive = false;
        }
    }

    public void run() {
        if (target != null) {
            target.run();
        }
    }

    public void interrupt() {
        interrupted = true;
    }

    public boolean isInterrupted() {
        return interrupted;
    }

    public final boolean isAlive() {
        return alive;
    }

    public final void join() throws InterruptedException {
        join(0);
    }

    public final void join(long millis) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        Thread t = currentThread();
        if (t.interrupted) {
            t.interrupted = false;
            throw new InterruptedException();
        }
    }

    public final void join(long millis, int nanos) throws InterruptedException {
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        join(millis);
    }

    public final void setPriority(int newPriority) {
        if (newPriority > MAX_PRIORITY || newPriority < MIN_PRIORITY) {
            throw new IllegalArgumentException();
        }
        priority = newPriority;
    }

    public final int getPriority() {
        return priority;
    }

    public final synchronized void setName(String name) {
        if (name == null) {
            throw new NullPointerException("name cannot be null");
        }
        this.name = name;
    }

    public final String getName() {
        return name;
    }

    public final void setDaemon(boolean on) {
        if (alive) {
            throw new IllegalThreadStateException();
        }
        daemon = on;
    }

    public final boolean isDaemon() {
        return daemon;
    }

    public long getId() {
        return tid;
    }

    public final long threadId() {
        return tid;
    }

    public final void checkAccess() {
    }

    /** Java's "Thread[name,priority,group]"; the group is "main" while the thread is not finished. */
    public String toString() {
        return "Thread[" + name + "," + priority + "," + (started && !alive ? "" : "main") + "]";
    }
}
