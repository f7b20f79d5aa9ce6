package java.lang;

/**
 * jsymex model of java.lang.Class. Instances are created by the VM, which sets
 * {@code name} (binary name with dots, e.g. "java.lang.String"; array classes use
 * descriptors such as "[I" or "[Ljava.lang.String;"; primitive classes use "int" etc.)
 * and {@code isInterface}. Reflection is not modelled.
 */
public final class Class<T> implements java.io.Serializable {

    private String name;
    private boolean isInterface;

    private Class() {
    }

    /**
     * Makes the class object of a primitive type ("int", "void", ...). These
     * objects are created here, not by the VM: each box class calls this once,
     * in its static initializer, for its TYPE field (javac compiles
     * {@code int.class} to {@code Integer.TYPE}), so each stays unique.
     */
    static Class<?> getPrimitiveClass(String name) {
        Class<Object> c = new Class<Object>();
        c.name = name;
        return c;
    }

    public native boolean isInstance(Object obj);

    /** Loads a class of the program or the models by binary name (natively). */
    public static native Class<?> forName(String className) throws ClassNotFoundException;

    /** A new instance through the no-argument constructor (natively). */
    public native T newInstance() throws InstantiationException, IllegalAccessException;

    /** Resources are not available inside jsymex: always null. */
    public java.net.URL getResource(String name) {
        return null;
    }

    public native boolean isAssignableFrom(Class<?> cls);

    public String getName() {
        return name;
    }

    public boolean isInterface() {
        return isInterface;
    }

    public boolean isArray() {
        return name.length() > 0 && name.charAt(0) == '[';
    }

    public boolean isPrimitive() {
        return isPrimitiveName(name);
    }

    private static boolean isPrimitiveName(String n) {
        return n.equals("int") || n.equals("long") || n.equals("boolean") || n.equals("char")
                || n.equals("byte") || n.equals("short") || n.equals("float") || n.equals("double")
                || n.equals("void");
    }

    @SuppressWarnings("unchecked")
    public T cast(Object obj) {
        if (obj != null && !isInstance(obj)) {
            throw new ClassCastException("Cannot cast " + obj.getClass().getName() + " to " + name);
        }
        return (T) obj;
    }

    /**
     * Simple name: the part after the last '.' or '$'; "" for anonymous classes
     * (all-digit suffix), the name after the digits for local classes, and the
     * component's simple name followed by "[]" for arrays.
     */
    public String getSimpleName() {
        String n = name;
        int dims = 0;
        while (dims < n.length() && n.charAt(dims) == '[') {
            dims++;
        }
        String base;
        if (dims > 0) {
            base = simpleNameOf(componentNameOf(n.substring(dims)));
        } else {
            base = simpleNameOf(n);
        }
        if (dims == 0) {
            return base;
        }
        StringBuilder sb = new StringBuilder(base);
        for (int i = 0; i < dims; i++) {
            sb.append("[]");
        }
        return sb.toString();
    }

    /** Type name: like getName, but arrays are shown as "int[]", "java.lang.String[][]". */
    public String getTypeName() {
        String n = name;
        int dims = 0;
        while (dims < n.length() && n.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return n;
        }
        StringBuilder sb = new StringBuilder(componentNameOf(n.substring(dims)));
        for (int i = 0; i < dims; i++) {
            sb.append("[]");
        }
        return sb.toString();
    }

    /** Decodes one field descriptor ("I", "Ljava.lang.String;") into a source-level name. */
    private static String componentNameOf(String desc) {
        if (desc.length() == 0) {
            return desc;
        }
        switch (desc.charAt(0)) {
            case 'Z': return "boolean";
            case 'B': return "byte";
            case 'C': return "char";
            case 'S': return "short";
            case 'I': return "int";
            case 'J': return "long";
            case 'F': return "float";
            case 'D': return "double";
            case 'L':
                if (desc.endsWith(";")) {
                    return desc.substring(1, desc.length() - 1);
                }
                return desc.substring(1);
            default: return desc;
        }
    }

    private static String simpleNameOf(String n) {
        int cut = n.lastIndexOf('.');
        int dollar = n.lastIndexOf('$');
        if (dollar > cut) {
            cut = dollar;
        }
        String s = n.substring(cut + 1);
        if (dollar == cut && dollar >= 0) {
            // nested, local (Outer$1Local) or anonymous (Outer$1) class
            int i = 0;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            s = s.substring(i);
        }
        return s;
    }

    public String getPackageName() {
        String n = name;
        int dims = 0;
        while (dims < n.length() && n.charAt(dims) == '[') {
            dims++;
        }
        if (dims > 0) {
            n = componentNameOf(n.substring(dims));
        }
        if (isPrimitiveName(n)) {
            return "java.lang";
        }
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(0, dot);
    }

    /**
     * True for the application's classes unless jsymex runs with --disable-assertions (as
     * {@code java -ea}); false for the library models. Implemented by the VM.
     */
    public native boolean desiredAssertionStatus();

    public String toString() {
        if (isInterface) {
            return "interface " + name;
        }
        if (isPrimitive()) {
            return name;
        }
        return "class " + name;
    }
}
