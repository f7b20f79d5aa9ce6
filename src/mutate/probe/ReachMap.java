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
import java.util.List;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;

/**
 * jsymex's per-test reach map for mutation analysis: runs each test of a suite once, under
 * {@code ProbeAgent}, and names the instrumented methods each test entered. Arguments: per-test
 * timeout (ms), the base classpath file, the test classes file, the methods file (the agent's).
 * Output: "C test id" per method entered (id = line of the methods file), "D" at the end. A mutant
 * only needs the tests that enter its method: the others run the same code on it as on the original.
 */
public final class ReachMap {
    public static void main(String[] args) throws Exception {
        long timeout = Long.parseLong(args[0]);
        List<URL> urls = new ArrayList<>();
        StringBuilder path = new StringBuilder();
        for (String p : Files.readAllLines(Paths.get(args[1]))) {
            if (p.isEmpty()) continue;
            urls.add(new File(p).toURI().toURL());
            if (path.length() > 0) path.append(File.pathSeparator);
            path.append(p);
        }
        System.setProperty("java.class.path", path.toString());
        int methods = Files.readAllLines(Paths.get(args[3])).size();
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        System.setErr(new PrintStream(OutputStream.nullOutputStream()));
        // The probe class lives on the bootstrap class path (the agent put it there).
        java.lang.reflect.Field hits = Class.forName("jsymexprobe.Probe", true, null).getField("hits");
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ReachMap.class.getClassLoader())) {
            for (String name : Files.readAllLines(Paths.get(args[2]))) {
                if (name.isEmpty()) continue;
                Class<?> cls = Class.forName(name, true, loader);
                for (Description d : Request.aClass(cls).getRunner().getDescription().getChildren()) {
                    String test = name + "." + d.getMethodName();
                    boolean[] h = new boolean[methods];
                    hits.set(null, h);
                    Thread t = new Thread(() -> new JUnitCore().run(Request.aClass(cls).filterWith(d)), "test");
                    t.setDaemon(true);
                    t.start();
                    t.join(timeout);
                    hits.set(null, new boolean[0]);
                    for (int i = 0; i < methods; i++) {
                        // A test that does not end on the original is given every method.
                        if (h[i] || t.isAlive()) out.println("C\t" + test + "\t" + i);
                    }
                }
            }
        }
        out.println("D");
        out.flush();
        Runtime.getRuntime().halt(0);
    }
}
