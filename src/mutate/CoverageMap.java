import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.IMethodCoverage;
import org.jacoco.core.data.ExecutionDataReader;
import org.jacoco.core.data.ExecutionDataStore;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;

/**
 * jsymex's per-test coverage map for mutation analysis: runs each test of a suite once, under the
 * JaCoCo agent (output=none), and after each test reads the agent's execution data and names the
 * methods of the mutated classes that the test executed. Arguments: per-test timeout (ms), the base
 * classpath file, the test classes file, the file listing the classes to map (binary names). Output:
 * "C test class method descriptor" per executed method, "D" at the end. A mutant only needs the
 * tests that execute its method: the others run the same code on it as on the original.
 */
public final class CoverageMap {
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
        List<String> tests = lines(args[2]);
        List<String> classes = lines(args[3]);
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        System.setErr(new PrintStream(OutputStream.nullOutputStream()));
        Object agent = Class.forName("org.jacoco.agent.rt.RT").getMethod("getAgent").invoke(null);
        java.lang.reflect.Method dump = agent.getClass().getMethod("getExecutionData", boolean.class);
        dump.setAccessible(true);
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), CoverageMap.class.getClassLoader())) {
            List<byte[]> bytes = new ArrayList<>();
            for (String c : classes) {
                try (InputStream in = loader.getResourceAsStream(c.replace('.', '/') + ".class")) {
                    bytes.add(in == null ? null : in.readAllBytes());
                }
            }
            dump.invoke(agent, true);
            for (String name : tests) {
                Class<?> cls = Class.forName(name, true, loader);
                for (Description d : Request.aClass(cls).getRunner().getDescription().getChildren()) {
                    String test = name + "." + d.getMethodName();
                    Thread t = new Thread(() -> new JUnitCore().run(Request.aClass(cls).filterWith(d)), "test");
                    t.setDaemon(true);
                    t.start();
                    t.join(timeout);
                    byte[] data = (byte[]) dump.invoke(agent, true);
                    if (t.isAlive()) {
                        // A test that does not end on the original: it is given every method.
                        for (String c : classes) out.println("C\t" + test + "\t" + c + "\t*\t*");
                        continue;
                    }
                    ExecutionDataStore store = new ExecutionDataStore();
                    ExecutionDataReader reader = new ExecutionDataReader(new ByteArrayInputStream(data));
                    reader.setExecutionDataVisitor(store);
                    reader.setSessionInfoVisitor(info -> { });
                    reader.read();
                    CoverageBuilder builder = new CoverageBuilder();
                    Analyzer analyzer = new Analyzer(store, builder);
                    for (int i = 0; i < classes.size(); i++) {
                        if (bytes.get(i) != null) analyzer.analyzeClass(bytes.get(i), classes.get(i));
                    }
                    for (IClassCoverage c : builder.getClasses()) {
                        for (IMethodCoverage m : c.getMethods()) {
                            if (m.getInstructionCounter().getCoveredCount() > 0) {
                                out.println("C\t" + test + "\t" + c.getName().replace('/', '.') + "\t" + m.getName() + "\t" + m.getDesc());
                            }
                        }
                    }
                }
            }
        }
        out.println("D");
        out.flush();
        Runtime.getRuntime().halt(0);
    }

    private static List<String> lines(String file) throws Exception {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(Paths.get(file))) {
            if (!l.isEmpty()) out.add(l);
        }
        return out;
    }
}
