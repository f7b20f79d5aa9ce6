import java.util.*;

/*
 * ThreadModels -- differential tests for the single-threaded java.lang.Thread
 * model, java.lang.Runtime, and the String additions (code points,
 * CASE_INSENSITIVE_ORDER, String(int[], ...)).
 */
public class ThreadModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    public static String currentThread() throws InterruptedException {
        StringBuilder sb = new StringBuilder();
        Thread t = Thread.currentThread();
        sb.append(t).append('|').append(t.getName()).append('|').append(t.getId()).append('|').append(t.getPriority());
        sb.append('|').append(t.isAlive()).append(t.isDaemon()).append(t.isInterrupted()).append(Thread.interrupted());
        sb.append(t == Thread.currentThread());
        Thread.sleep(5);
        Thread.sleep(0, 10);
        Thread.yield();
        Thread.onSpinWait();
        try {
            Thread.sleep(-1);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        t.interrupt();
        sb.append(t.isInterrupted()).append(Thread.interrupted()).append(Thread.interrupted());
        t.interrupt();
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            sb.append(ex(e)).append(t.isInterrupted());
        }
        sb.append(Thread.holdsLock(sb));
        t.setName("renamed");
        sb.append(Thread.currentThread().getName());
        t.setName("main");
        try {
            t.setPriority(11);
        } catch (IllegalArgumentException e) {
            sb.append("!IAE");
        }
        return sb.toString();
    }

    public static String newThreads() throws InterruptedException {
        final StringBuilder sb = new StringBuilder();
        Thread a = new Thread(() -> sb.append("[ran a]"));
        Thread b = new Thread(() -> sb.append("[ran b]"), "worker");
        Thread c = new Thread("named");
        // automatic names ("Thread-N") depend on how many threads the JVM made before: not printed
        sb.append(a.getName().startsWith("Thread-")).append(',').append(b).append(',').append(c.getName()).append(',');
        sb.append(a.isAlive()).append(a.getPriority()).append(a.isDaemon());
        a.start();
        a.join();
        b.start();
        b.join(100);
        sb.append(a.isAlive()).append(b).append(new Thread().getName().startsWith("Thread-"));
        try {
            a.start();
        } catch (IllegalThreadStateException e) {
            sb.append(ex(e));
        }
        Thread d = new Thread() {
            public void run() {
                sb.append("[subclass run]");
            }
        };
        d.setDaemon(true);
        sb.append(d.isDaemon());
        d.start();
        d.join();
        c.run();
        return sb.toString();
    }

    public static String runtime() {
        StringBuilder sb = new StringBuilder();
        Runtime r = Runtime.getRuntime();
        sb.append(r == Runtime.getRuntime()).append(r.availableProcessors() > 0);
        sb.append(r.totalMemory() > 0).append(r.freeMemory() <= r.totalMemory()).append(r.maxMemory() >= r.totalMemory());
        r.gc();
        System.gc();
        Thread hook = new Thread(() -> { });
        r.addShutdownHook(hook);
        try {
            r.addShutdownHook(hook);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        sb.append(r.removeShutdownHook(hook)).append(r.removeShutdownHook(hook));
        return sb.toString();
    }

    public static String stringAdditions() {
        StringBuilder sb = new StringBuilder();
        String s = "a\ud83d\ude00b\ud800";
        sb.append(s.codePointAt(0)).append(',').append(s.codePointAt(1)).append(',').append(s.codePointAt(2)).append(',');
        sb.append(s.codePointAt(4)).append(',').append(s.codePointBefore(3)).append(',').append(s.codePointBefore(2));
        sb.append(',').append(s.codePointCount(0, s.length())).append(',').append(s.codePointCount(1, 2));
        try {
            s.codePointAt(9);
        } catch (StringIndexOutOfBoundsException e) {
            sb.append("!SIOOBE");
        }
        sb.append(new String(new int[] {0x48, 0x1F600, 0x69}, 0, 3)).append(new String(new int[] {65, 66, 67}, 1, 1));
        try {
            new String(new int[] {0x110000}, 0, 1);
        } catch (IllegalArgumentException e) {
            sb.append("!IAE");
        }
        List<String> l = new ArrayList<>(Arrays.asList("b", "B", "a", "C", "c", "A"));
        l.sort(String.CASE_INSENSITIVE_ORDER);
        sb.append(l).append(String.CASE_INSENSITIVE_ORDER.compare("abc", "ABD"));
        sb.append("abc".<String>transform(x -> x + "!"));
        sb.append("\u00e9t\u00e9".chars().sum()).append("x\ny".lines().count());
        return sb.toString();
    }

    /** A symbolic interrupt decision: one path each way. */
    public static String interruptSym(int x) {
        Thread t = Thread.currentThread();
        if (x > 0) {
            t.interrupt();
        }
        try {
            Thread.sleep(1);
            return "slept";
        } catch (InterruptedException e) {
            return "interrupted:" + t.isInterrupted();
        }
    }
}
