package gov.nasa.jpf.symbc;

import jsymex.Symbolic;
import jsymex.internal.Sym;

/**
 * Symbolic PathFinder's input API, so that SPF drivers run unmodified: each
 * {@code makeSymbolicX(name)} is a fresh symbolic input named {@code name} (as
 * {@code jsymex.Symbolic}), {@code makeSymbolicString} a string of symbolic length in
 * 0..--string-len, {@code assume} drops the path. The {@code addSymbolicX(value, name)} forms
 * ignore the value (every path chooses its own). Printing the path condition prints nothing.
 */
public final class Debug {

    private Debug() {
    }

    public static int makeSymbolicInteger(String name) {
        return Symbolic.intValue(name);
    }

    public static long makeSymbolicLong(String name) {
        return Symbolic.longValue(name);
    }

    public static short makeSymbolicShort(String name) {
        return Symbolic.shortValue(name);
    }

    public static byte makeSymbolicByte(String name) {
        return Symbolic.byteValue(name);
    }

    public static char makeSymbolicChar(String name) {
        return Symbolic.charValue(name);
    }

    public static boolean makeSymbolicBoolean(String name) {
        return Symbolic.booleanValue(name);
    }

    public static double makeSymbolicDouble(String name) {
        return Symbolic.doubleValue(name);
    }

    public static float makeSymbolicFloat(String name) {
        return Symbolic.floatValue(name);
    }

    public static String makeSymbolicString(String name) {
        return Sym.boundedString(name);
    }

    public static String makeSymbolicString(String name, int length) {
        return Symbolic.string(name, length);
    }

    public static int addSymbolicInt(int v, String name) {
        return Symbolic.intValue(name);
    }

    public static long addSymbolicLong(long v, String name) {
        return Symbolic.longValue(name);
    }

    public static double addSymbolicDouble(double v, String name) {
        return Symbolic.doubleValue(name);
    }

    public static boolean addSymbolicBoolean(boolean v, String name) {
        return Symbolic.booleanValue(name);
    }

    public static char addSymbolicChar(char v, String name) {
        return Symbolic.charValue(name);
    }

    public static void assume(boolean c) {
        Symbolic.assume(c);
    }

    public static void printPC(String msg) {
    }

    public static String getSolvedPC() {
        return "";
    }

    public static String getPC_prefix_notation() {
        return "";
    }
}
