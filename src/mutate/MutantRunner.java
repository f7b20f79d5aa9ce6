import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.Result;

/**
 * jsymex's mutation harness: runs a compiled JUnit 4 suite against mutants, one class loader per
 * mutant, in one JVM. Arguments: per-test timeout (ms), a file with the base classpath (one entry per
 * line: the compiled tests, the classes under test), a file with the test classes, a file with the
 * jobs ("id TAB mutant-dir TAB mutated-class TAB tests-to-run", comma-separated or "*" for all;
 * id 0 with an empty directory is the original program). Output, one line per event on stdout:
 * "S id" when a job starts, "F id test" / "P id test" for a failing / passing test of job 0,
 * "R id PASS|KILL|INVALID detail" when it ends,
 * "T id test" when a test runs past the timeout (the JVM then exits; jsymex restarts it with the
 * jobs left).
 */
public final class MutantRunner {
    private static PrintStream out;
    /** Mutants each test has killed in this JVM. */
    private static final java.util.Map<String, Integer> KILLS = new java.util.HashMap<>();

    public static void main(String[] args) throws Exception {
        long timeout = Long.parseLong(args[0]);
        List<URL> base = new ArrayList<>();
        for (String p : Files.readAllLines(Paths.get(args[1]))) {
            if (!p.isEmpty()) base.add(new File(p).toURI().toURL());
        }
        List<String> tests = new ArrayList<>();
        for (String t : Files.readAllLines(Paths.get(args[2]))) {
            if (!t.isEmpty()) tests.add(t);
        }
        out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        // What the code under test prints is not the harness's output.
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        System.setErr(new PrintStream(OutputStream.nullOutputStream()));
        for (String job : Files.readAllLines(Paths.get(args[3]))) {
            if (job.isEmpty()) continue;
            String[] f = job.split("\t", -1);
            run(f[0], f[1], f[2], f[3].equals("*") ? null : new HashSet<>(Arrays.asList(f[3].split(","))), base, tests, timeout);
        }
        out.flush();
        System.exit(0);
    }

    private static void run(String id, String dir, String mutated, Set<String> only, List<URL> base,
                            List<String> tests, long timeout) throws Exception {
        out.println("S\t" + id);
        List<URL> urls = new ArrayList<>();
        if (!dir.isEmpty()) urls.add(new File(dir).toURI().toURL());
        urls.addAll(base);
        // Generated suites that need a fresh JVM state per test build their own class loader
        // from java.class.path: it must name the mutant first, as the job's loader does.
        StringBuilder path = new StringBuilder();
        for (URL u : urls) {
            if (path.length() > 0) path.append(File.pathSeparator);
            path.append(new File(u.toURI()).getPath());
        }
        System.setProperty("java.class.path", path.toString());
        ClassLoader parent = MutantRunner.class.getClassLoader();
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), parent)) {
            if (!mutated.isEmpty()) {
                try {
                    // Reflection on the methods links the class without initialising it, and
                    // linking verifies it (the JVM verifies every class a user loader defines).
                    Class.forName(mutated, false, loader).getDeclaredMethods();
                } catch (VerifyError | ClassFormatError e) {
                    out.println("R\t" + id + "\tINVALID\t" + oneLine(e));
                    return;
                } catch (Throwable e) {
                    // Not the mutant's doing (a class it needs is missing, as it is for the
                    // original): the tests decide.
                }
            }
            int ran = 0;
            // Tests that killed mutants before go first (stable otherwise): most mutants die at
            // their first test, so a run stops early.
            List<Object[]> order = new ArrayList<>();
            for (String name : tests) {
                Class<?> cls = Class.forName(name, true, loader);
                for (Description d : Request.aClass(cls).getRunner().getDescription().getChildren()) {
                    order.add(new Object[] {cls, d, name + "." + d.getMethodName()});
                }
            }
            order.sort((a, b) -> Integer.compare(KILLS.getOrDefault((String) b[2], 0), KILLS.getOrDefault((String) a[2], 0)));
            for (Object[] o : order) {
                {
                    Class<?> cls = (Class<?>) o[0];
                    Description d = (Description) o[1];
                    String test = (String) o[2];
                    if (only != null && !only.contains(test)) continue;
                    Result[] result = new Result[1];
                    Throwable[] crash = new Throwable[1];
                    Thread t = new Thread(() -> {
                        try {
                            result[0] = new JUnitCore().run(Request.aClass(cls).filterWith(d));
                        } catch (Throwable e) {
                            crash[0] = e;
                        }
                    }, "test");
                    t.setDaemon(true);
                    t.start();
                    t.join(timeout);
                    if (t.isAlive()) {
                        out.println("T\t" + id + "\t" + test);
                        out.flush();
                        Runtime.getRuntime().halt(0);
                    }
                    ran++;
                    boolean failed = crash[0] != null || result[0] == null || !result[0].wasSuccessful();
                    if (id.equals("0")) {
                        out.println((failed ? "F" : "P") + "\t0\t" + test);
                    } else if (failed) {
                        String why = crash[0] != null ? oneLine(crash[0])
                            : result[0] == null || result[0].getFailures().isEmpty() ? "failed"
                            : oneLine(result[0].getFailures().get(0).getException());
                        out.println("R\t" + id + "\tKILL\t" + test + ": " + why);
                        KILLS.merge(test, 1, Integer::sum);
                        return;
                    }
                }
            }
            out.println("R\t" + id + "\tPASS\t" + ran);
        }
    }

    private static String oneLine(Throwable e) {
        String s = e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        return s.replace('\n', ' ').replace('\t', ' ');
    }
}
