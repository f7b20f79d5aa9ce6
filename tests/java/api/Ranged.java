import jsymex.Symbolic;

/** Inputs drawn at run time and lazily initialised fields under --min-int/--max-int. */
public class Ranged {
    static class N {
        int v;
        short s;
        byte b;
    }

    /** With -1..3: x > 2 and s > 2 either way, x < -5 and b < -1 never; n null or an N. */
    public static int drawn(N n) {
        int x = Symbolic.intValue("x");
        short s = Symbolic.shortValue("s");
        byte b = Symbolic.byteValue("b");
        int r = 0;
        if (x > 2) r += 1;
        if (x < -5) r += 100;
        if (s > 2) r += 2;
        if (b < -1) r += 400;
        if (n.v > 2) r += 8;
        if (n.v < -7) r += 1000;
        if (n.s > 2) r += 16;
        if (n.b < -1) r += 4000;
        return r;
    }

    /** With 200..300 a byte keeps its own range (the range does not meet it). */
    public static int outside(byte pb, int x) {
        if (pb > 5) return 1;
        if (x > 250) return 2;
        return 0;
    }
}
