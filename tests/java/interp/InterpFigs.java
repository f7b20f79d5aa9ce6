/** The running example of seed 003 (notes B.10.1) and its variants, as Java methods. */
public class InterpFigs {
    /** Section 3: l1 s = 0; l2 if (a > 0) l3 s++; l4 if (b > 0) l5 s += 2; l6 if (s > 3) l7 bug; l8. */
    public static void fig1(int a, int b) {
        int s = 0;
        if (a > 0) {
            s = s + 1;
        }
        if (b > 0) {
            s = s + 2;
        }
        if (s > 3) {
            throw new AssertionError("bug");
        }
    }

    /** The negative variant: s > 2 is reachable (a > 0 and b > 0). */
    public static void fig1bug(int a, int b) {
        int s = 0;
        if (a > 0) {
            s = s + 1;
        }
        if (b > 0) {
            s = s + 2;
        }
        if (s > 2) {
            throw new AssertionError("bug");
        }
    }

    /** A chain of n independent diamonds before an assertion that holds: 2^n paths for spf. */
    public static int chain(int a, int b, int c, int d, int e, int f) {
        int s = 0;
        if (a > 0) { s = s + 1; }
        if (b > 0) { s = s + 1; }
        if (c > 0) { s = s + 1; }
        if (d > 0) { s = s + 1; }
        if (e > 0) { s = s + 1; }
        if (f > 0) { s = s + 1; }
        assert s <= 6 : "at most six";
        return s;
    }

    /** The same chain checked with jsymex.Symbolic.check, with one failing combination. */
    public static int chainCheck(int a, int b, int c, int d) {
        int s = 0;
        if (a > 0) { s = s + 1; }
        if (b > 0) { s = s + 2; }
        if (c > 0) { s = s + 4; }
        if (d > 0) { s = s + 8; }
        jsymex.Symbolic.check(s != 13);
        return s;
    }
}
