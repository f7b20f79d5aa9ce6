/*
 * Replay -- runs static methods under the real JVM and prints their outcome in
 * the jsymex --tests encoding, so the two can be compared.
 *
 * Usage:
 *   java -cp <classes>:<replay dir> Replay <Class> <method> <types> <inputs-json>
 *   java -cp <classes>:<replay dir> Replay --batch FILE
 *
 *   <types>        comma-separated parameter types, e.g. "int,long,double[]"
 *                  (boolean, byte, short, char, int, long, float, double, and
 *                  arrays of those with one or more "[]" suffixes; "" for none)
 *   <inputs-json>  JSON array of the inputs in parameter order, e.g. [2,0,[1,2]]
 *                  numbers, "NaN" / "Infinity" / "-Infinity", true / false,
 *                  chars as their UTF-16 code, nested arrays
 *   FILE           one invocation per line: Class<TAB>method<TAB>types<TAB>inputs-json
 *
 * Output: one JSON line per invocation, e.g.
 *   {"kind":"return","value":5}
 *   {"kind":"return"}                                   (void)
 *   {"kind":"exception","exception":"java.lang.ArithmeticException","message":"/ by zero"}
 *   {"kind":"replay-error","message":"..."}             (bad input line; never from jsymex)
 *
 * Every invocation runs in a fresh class loader (parent: the platform loader,
 * search path: java.class.path), so static initialisers run again for every
 * input, just like every path of jsymex starts from a fresh JVM state.
 */
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public class Replay {

    /** Thrown for malformed input; reported as a "replay-error" line. */
    static final class ReplayError extends Exception {
        ReplayError(String message) {
            super(message);
        }
    }

    private static URL[] classPathUrls;

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
        if (args.length == 2 && args[0].equals("--batch")) {
            try (BufferedReader r = args[1].equals("-")
                    ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
                    : Files.newBufferedReader(Paths.get(args[1]), StandardCharsets.UTF_8)) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.isEmpty()) {
                        continue;
                    }
                    String[] parts = line.split("\t", -1);
                    if (parts.length != 4) {
                        out.println(replayError("batch line needs 4 tab-separated fields: " + line));
                        continue;
                    }
                    out.println(runOne(parts[0], parts[1], parts[2], parts[3]));
                }
            }
            out.flush();
            System.exit(0);
        } else if (args.length == 4) {
            out.println(runOne(args[0], args[1], args[2], args[3]));
            out.flush();
            System.exit(0);
        } else {
            System.err.println("usage: Replay <Class> <method> <types> <inputs-json>");
            System.err.println("       Replay --batch FILE   (lines: Class<TAB>method<TAB>types<TAB>inputs-json)");
            System.exit(2);
        }
    }

    // ------------------------------------------------------------------ invocation

    static String runOne(String className, String methodName, String types, String inputsJson) {
        Method m;
        Object[] args;
        try {
            List<Class<?>> paramTypes = parseTypes(types);
            Object parsed = new JsonParser(inputsJson).parseDocument();
            if (!(parsed instanceof List)) {
                throw new ReplayError("inputs must be a JSON array: " + inputsJson);
            }
            List<?> inputs = (List<?>) parsed;
            if (inputs.size() != paramTypes.size()) {
                throw new ReplayError("expected " + paramTypes.size() + " inputs, got " + inputs.size()
                        + ": " + inputsJson);
            }
            args = new Object[inputs.size()];
            for (int i = 0; i < args.length; i++) {
                args[i] = convert(inputs.get(i), paramTypes.get(i));
            }
            ClassLoader loader = new URLClassLoader(classPath(), ClassLoader.getPlatformClassLoader());
            Class<?> cls;
            try {
                cls = Class.forName(className, false, loader);
            } catch (ClassNotFoundException e) {
                throw new ReplayError("class not found: " + className);
            }
            try {
                m = cls.getDeclaredMethod(methodName, paramTypes.toArray(new Class<?>[0]));
            } catch (NoSuchMethodException e) {
                throw new ReplayError("method not found: " + className + "." + methodName + "(" + types + ")");
            }
            if (!Modifier.isStatic(m.getModifiers())) {
                throw new ReplayError("method is not static: " + className + "." + methodName);
            }
            m.setAccessible(true);
        } catch (ReplayError e) {
            return replayError(e.getMessage());
        } catch (RuntimeException e) {
            return replayError(e.toString());
        }

        Object result;
        try {
            result = m.invoke(null, args);
        } catch (InvocationTargetException e) {
            return exceptionOutcome(e.getCause());
        } catch (ExceptionInInitializerError e) {
            // the driver class's own <clinit> failed while invoke() initialised it
            return exceptionOutcome(e);
        } catch (IllegalAccessException | IllegalArgumentException e) {
            return replayError(e.toString());
        } catch (Throwable t) {
            return exceptionOutcome(t);
        }
        StringBuilder sb = new StringBuilder("{\"kind\":\"return\"");
        if (m.getReturnType() != void.class) {
            sb.append(",\"value\":");
            appendValue(sb, result);
        }
        return sb.append('}').toString();
    }

    private static URL[] classPath() throws ReplayError {
        if (classPathUrls == null) {
            String cp = System.getProperty("java.class.path", ".");
            List<URL> urls = new ArrayList<>();
            for (String entry : cp.split(File.pathSeparator)) {
                if (entry.isEmpty()) {
                    entry = ".";
                }
                try {
                    urls.add(new File(entry).toURI().toURL());
                } catch (IOException e) {
                    throw new ReplayError("bad class path entry: " + entry);
                }
            }
            classPathUrls = urls.toArray(new URL[0]);
        }
        return classPathUrls;
    }

    private static String exceptionOutcome(Throwable t) {
        StringBuilder sb = new StringBuilder("{\"kind\":\"exception\",\"exception\":");
        appendString(sb, t.getClass().getName());
        sb.append(",\"message\":");
        String msg;
        try {
            msg = t.getMessage();
        } catch (Throwable ignored) {
            msg = null;
        }
        if (msg == null) {
            sb.append("null");
        } else {
            appendString(sb, msg);
        }
        return sb.append('}').toString();
    }

    private static String replayError(String message) {
        StringBuilder sb = new StringBuilder("{\"kind\":\"replay-error\",\"message\":");
        appendString(sb, message == null ? "" : message);
        return sb.append('}').toString();
    }

    // ------------------------------------------------------------------ types and conversion

    static List<Class<?>> parseTypes(String types) throws ReplayError {
        List<Class<?>> out = new ArrayList<>();
        String t = types.trim();
        if (t.isEmpty()) {
            return out;
        }
        for (String raw : t.split(",")) {
            out.add(parseType(raw.trim()));
        }
        return out;
    }

    static Class<?> parseType(String t) throws ReplayError {
        if (t.endsWith("[]")) {
            Class<?> component = parseType(t.substring(0, t.length() - 2).trim());
            return Array.newInstance(component, 0).getClass();
        }
        switch (t) {
            case "boolean":
                return boolean.class;
            case "byte":
                return byte.class;
            case "short":
                return short.class;
            case "char":
                return char.class;
            case "int":
                return int.class;
            case "long":
                return long.class;
            case "float":
                return float.class;
            case "double":
                return double.class;
            case "String":
            case "java.lang.String":
                return String.class;
            default:
                throw new ReplayError("unsupported parameter type: " + t);
        }
    }

    static Object convert(Object json, Class<?> type) throws ReplayError {
        if (type.isArray()) {
            if (!(json instanceof List)) {
                throw new ReplayError("expected a JSON array for " + type.getSimpleName() + ", got " + describe(json));
            }
            List<?> items = (List<?>) json;
            Class<?> component = type.getComponentType();
            Object arr = Array.newInstance(component, items.size());
            for (int i = 0; i < items.size(); i++) {
                Array.set(arr, i, convert(items.get(i), component));
            }
            return arr;
        }
        if (type == String.class) {
            if (json == null || json instanceof String) {
                return json;
            }
            throw new ReplayError("expected a string, got " + describe(json));
        }
        if (type == boolean.class) {
            if (json instanceof Boolean) {
                return json;
            }
            if (json instanceof JsonNumber) {
                return integral((JsonNumber) json, 0, 1) != 0;
            }
            throw new ReplayError("expected a boolean, got " + describe(json));
        }
        if (type == double.class) {
            return parseDouble(json);
        }
        if (type == float.class) {
            return parseFloat(json);
        }
        if (type == char.class) {
            if (json instanceof String && ((String) json).length() == 1) {
                return ((String) json).charAt(0);
            }
            return (char) integral(expectNumber(json), Character.MIN_VALUE, Character.MAX_VALUE);
        }
        JsonNumber n = expectNumber(json);
        if (type == byte.class) {
            return (byte) integral(n, Byte.MIN_VALUE, Byte.MAX_VALUE);
        }
        if (type == short.class) {
            return (short) integral(n, Short.MIN_VALUE, Short.MAX_VALUE);
        }
        if (type == int.class) {
            return (int) integral(n, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        if (type == long.class) {
            return integral(n, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        throw new ReplayError("unsupported parameter type: " + type);
    }

    private static JsonNumber expectNumber(Object json) throws ReplayError {
        if (json instanceof JsonNumber) {
            return (JsonNumber) json;
        }
        throw new ReplayError("expected a number, got " + describe(json));
    }

    private static long integral(JsonNumber n, long min, long max) throws ReplayError {
        long v;
        try {
            v = Long.parseLong(n.text);
        } catch (NumberFormatException e) {
            try {
                v = new BigDecimal(n.text).longValueExact();
            } catch (ArithmeticException | NumberFormatException e2) {
                throw new ReplayError("not an integral value: " + n.text);
            }
        }
        if (v < min || v > max) {
            throw new ReplayError("value out of range [" + min + ", " + max + "]: " + n.text);
        }
        return v;
    }

    private static double parseDouble(Object json) throws ReplayError {
        if (json instanceof JsonNumber) {
            return Double.parseDouble(((JsonNumber) json).text);
        }
        if (json instanceof String) {
            switch ((String) json) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw new ReplayError("expected a floating-point value, got " + describe(json));
    }

    private static float parseFloat(Object json) throws ReplayError {
        if (json instanceof JsonNumber) {
            // parse the decimal text directly as a float (no double rounding)
            return Float.parseFloat(((JsonNumber) json).text);
        }
        return (float) parseDouble(json);
    }

    private static String describe(Object json) {
        if (json == null) {
            return "null";
        }
        if (json instanceof JsonNumber) {
            return ((JsonNumber) json).text;
        }
        if (json instanceof String) {
            return "\"" + json + "\"";
        }
        return json.toString();
    }

    // ------------------------------------------------------------------ output encoding

    static void appendValue(StringBuilder sb, Object v) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Boolean) {
            sb.append(((Boolean) v).booleanValue() ? "true" : "false");
        } else if (v instanceof Character) {
            sb.append((int) ((Character) v).charValue());
        } else if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            sb.append(((Number) v).longValue());
        } else if (v instanceof Double) {
            appendDouble(sb, (Double) v);
        } else if (v instanceof Float) {
            appendDouble(sb, (double) (Float) v);
        } else if (v instanceof String) {
            appendString(sb, (String) v);
        } else if (v.getClass().isArray()) {
            sb.append('[');
            int n = Array.getLength(v);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                appendValue(sb, Array.get(v, i));
            }
            sb.append(']');
        } else {
            sb.append("{\"object\":");
            appendString(sb, v.getClass().getName());
            sb.append('}');
        }
    }

    static void appendDouble(StringBuilder sb, double d) {
        if (Double.isNaN(d)) {
            sb.append("\"NaN\"");
        } else if (d == Double.POSITIVE_INFINITY) {
            sb.append("\"Infinity\"");
        } else if (d == Double.NEGATIVE_INFINITY) {
            sb.append("\"-Infinity\"");
        } else {
            sb.append(Double.toString(d)); // e.g. 1.5, -0.0, 1.0E10, 4.9E-324: all valid JSON
        }
    }

    static void appendString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                default:
                    if (c < 0x20 || c >= 0x7f) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        sb.append('"');
    }

    // ------------------------------------------------------------------ tiny JSON parser

    /** A JSON number, kept as its source text so ints, longs and floats parse exactly. */
    static final class JsonNumber {
        final String text;

        JsonNumber(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * Parses numbers (as JsonNumber), strings (as String), true/false (Boolean),
     * null, arrays (List) and, for completeness, objects (skipped into a List of values).
     */
    static final class JsonParser {
        private final String s;
        private int pos;

        JsonParser(String s) {
            this.s = s;
        }

        Object parseDocument() throws ReplayError {
            Object v = parseValue();
            skipWs();
            if (pos != s.length()) {
                throw error("trailing characters");
            }
            return v;
        }

        private ReplayError error(String what) {
            return new ReplayError("JSON " + what + " at offset " + pos + " in: " + s);
        }

        private void skipWs() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        private Object parseValue() throws ReplayError {
            skipWs();
            if (pos >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(pos);
            if (c == '[') {
                pos++;
                List<Object> items = new ArrayList<>();
                skipWs();
                if (pos < s.length() && s.charAt(pos) == ']') {
                    pos++;
                    return items;
                }
                while (true) {
                    items.add(parseValue());
                    skipWs();
                    if (pos >= s.length()) {
                        throw error("unterminated array");
                    }
                    char d = s.charAt(pos++);
                    if (d == ']') {
                        return items;
                    }
                    if (d != ',') {
                        throw error("expected , or ]");
                    }
                }
            }
            if (c == '{') {
                pos++;
                List<Object> values = new ArrayList<>();
                skipWs();
                if (pos < s.length() && s.charAt(pos) == '}') {
                    pos++;
                    return values;
                }
                while (true) {
                    skipWs();
                    parseString();
                    skipWs();
                    if (pos >= s.length() || s.charAt(pos) != ':') {
                        throw error("expected :");
                    }
                    pos++;
                    values.add(parseValue());
                    skipWs();
                    if (pos >= s.length()) {
                        throw error("unterminated object");
                    }
                    char d = s.charAt(pos++);
                    if (d == '}') {
                        return values;
                    }
                    if (d != ',') {
                        throw error("expected , or }");
                    }
                }
            }
            if (c == '"') {
                return parseString();
            }
            if (s.startsWith("true", pos)) {
                pos += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("false", pos)) {
                pos += 5;
                return Boolean.FALSE;
            }
            if (s.startsWith("null", pos)) {
                pos += 4;
                return null;
            }
            if (c == '-' || (c >= '0' && c <= '9')) {
                int start = pos;
                pos++;
                while (pos < s.length()) {
                    char d = s.charAt(pos);
                    if ((d >= '0' && d <= '9') || d == '.' || d == 'e' || d == 'E' || d == '+' || d == '-') {
                        pos++;
                    } else {
                        break;
                    }
                }
                String text = s.substring(start, pos);
                try {
                    Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw error("bad number '" + text + "'");
                }
                return new JsonNumber(text);
            }
            throw error("unexpected character '" + c + "'");
        }

        private String parseString() throws ReplayError {
            if (pos >= s.length() || s.charAt(pos) != '"') {
                throw error("expected string");
            }
            pos++;
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(pos++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                if (pos >= s.length()) {
                    throw error("unterminated escape");
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case '"':
                    case '\\':
                    case '/':
                        sb.append(e);
                        break;
                    case 'b':
                        sb.append('\b');
                        break;
                    case 'f':
                        sb.append('\f');
                        break;
                    case 'n':
                        sb.append('\n');
                        break;
                    case 'r':
                        sb.append('\r');
                        break;
                    case 't':
                        sb.append('\t');
                        break;
                    case 'u':
                        if (pos + 4 > s.length()) {
                            throw error("short \\u escape");
                        }
                        try {
                            sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException ex) {
                            throw error("bad \\u escape");
                        }
                        pos += 4;
                        break;
                    default:
                        throw error("bad escape");
                }
            }
        }
    }
}
