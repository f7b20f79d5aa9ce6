import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.ProtectionDomain;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The Java agent of jsymex's per-test reach map: puts {@code jsymexprobe.Probe} on the bootstrap
 * class path and makes every listed method call {@code Probe.hit(id)} on entry (ASM). Entry probes
 * see every execution of a method, also one that an exception ends before its first instruction
 * completes (line coverage tools such as JaCoCo miss those). Agent argument: the probe jar, a path
 * separator, the methods file ("class TAB method TAB descriptor" per line; id = line number - 1).
 */
public final class ProbeAgent {
    public static void premain(String args, Instrumentation inst) throws Exception {
        int cut = args.indexOf(java.io.File.pathSeparatorChar);
        inst.appendToBootstrapClassLoaderSearch(new JarFile(args.substring(0, cut)));
        List<String> lines = Files.readAllLines(Paths.get(args.substring(cut + 1)));
        Map<String, Map<String, Integer>> ids = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t");
            if (f.length < 3) continue;
            ids.computeIfAbsent(f[0].replace('.', '/'), k -> new HashMap<>()).put(f[1] + f[2], i);
        }
        inst.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
                Map<String, Integer> methods = name == null ? null : ids.get(name);
                if (methods == null) return null;
                try {
                    ClassReader reader = new ClassReader(bytes);
                    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
                    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                        @Override
                        public MethodVisitor visitMethod(int access, String m, String desc, String sig, String[] exc) {
                            MethodVisitor mv = super.visitMethod(access, m, desc, sig, exc);
                            Integer id = methods.get(m + desc);
                            if (id == null) return mv;
                            return new MethodVisitor(Opcodes.ASM9, mv) {
                                @Override
                                public void visitCode() {
                                    super.visitCode();
                                    super.visitLdcInsn(id);
                                    super.visitMethodInsn(Opcodes.INVOKESTATIC, "jsymexprobe/Probe", "hit", "(I)V", false);
                                }
                            };
                        }
                    }, 0);
                    return writer.toByteArray();
                } catch (Throwable e) {
                    return null;
                }
            }
        });
    }
}
