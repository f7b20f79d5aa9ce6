package gov.nasa.jpf.vm;

import jsymex.Symbolic;

/**
 * Java PathFinder's choice API, so that JPF drivers run unmodified: a choice is a symbolic
 * input with the choice's range as its domain (named after the call, e.g.
 * {@code Verify.getInt(0,5)}), and {@code ignoreIf(true)} drops the path as JPF backtracks.
 */
public final class Verify {

    private Verify() {
    }

    public static int getInt(int min, int max) {
        return Symbolic.intValue("Verify.getInt(" + min + "," + max + ")", min, max);
    }

    public static int getInt(String key) {
        return Symbolic.intValue("Verify.getInt(" + key + ")");
    }

    public static int getIntFromList(int... values) {
        return values[Symbolic.intValue("Verify.getIntFromList(" + values.length + ")", 0, values.length - 1)];
    }

    public static long getLong(long min, long max) {
        long v = Symbolic.longValue("Verify.getLong(" + min + "," + max + ")");
        Symbolic.assume(v >= min && v <= max);
        return v;
    }

    public static boolean getBoolean() {
        return Symbolic.booleanValue("Verify.getBoolean");
    }

    public static boolean getBoolean(boolean falseFirst) {
        return Symbolic.booleanValue("Verify.getBoolean");
    }

    public static int random(int max) {
        return Symbolic.intValue("Verify.random(" + max + ")", 0, max);
    }

    public static boolean randomBool() {
        return Symbolic.booleanValue("Verify.randomBool");
    }

    public static void ignoreIf(boolean cond) {
        Symbolic.assume(!cond);
    }

    public static void assertTrue(boolean cond) {
        if (!cond) {
            throw new AssertionError("Verify.assertTrue failed");
        }
    }

    public static void assertTrue(String msg, boolean cond) {
        if (!cond) {
            throw new AssertionError(msg);
        }
    }

    public static void beginAtomic() {
    }

    public static void endAtomic() {
    }

    public static void breakTransition(String reason) {
    }

    public static boolean isRunningInJPF() {
        return true;
    }
}
