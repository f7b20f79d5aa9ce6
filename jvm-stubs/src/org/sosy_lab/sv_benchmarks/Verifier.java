package org.sosy_lab.sv_benchmarks;

import jsymex.Symbolic;
import jsymex.internal.Sym;

/**
 * The SV-COMP Java benchmarks' nondeterminism API, so that their {@code Main} programs run
 * unmodified: each {@code nondetX()} is a fresh symbolic input (named {@code nondetX},
 * {@code nondetX#2}, …), {@code nondetString()} a string of symbolic length in
 * 0..--string-len, and {@code assume(false)} drops the path.
 */
public final class Verifier {

    private Verifier() {
    }

    public static void assume(boolean condition) {
        Symbolic.assume(condition);
    }

    public static boolean nondetBoolean() {
        return Symbolic.booleanValue("nondetBoolean");
    }

    public static byte nondetByte() {
        return Symbolic.byteValue("nondetByte");
    }

    public static char nondetChar() {
        return Symbolic.charValue("nondetChar");
    }

    public static short nondetShort() {
        return Symbolic.shortValue("nondetShort");
    }

    public static int nondetInt() {
        return Symbolic.intValue("nondetInt");
    }

    public static long nondetLong() {
        return Symbolic.longValue("nondetLong");
    }

    public static float nondetFloat() {
        return Symbolic.floatValue("nondetFloat");
    }

    public static double nondetDouble() {
        return Symbolic.doubleValue("nondetDouble");
    }

    public static String nondetString() {
        return Sym.boundedString("nondetString");
    }
}
