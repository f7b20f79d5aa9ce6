// The worked examples of seed 000 (Yi et al., TSE) as rebuilt in
// shared/design/notes-pse-rsd.md A.5 and C.5, for tests/pse.rs.
public class PseFigs {
    // Fig. 1 (A.5.1): spf 8 paths, pse 4 runs (2 complete, 2 cut).
    public static int fig1(int a, int b, int c) {
        int res;
        if (a <= 0) a = a + 10;
        else        a = a - 10;
        if (a <= b) res = a - b;
        else        res = a + b;
        if (res > c) res = 1;
        else         res = 0;
        return res;
    }

    // Fig. 2 (A.5.2): y is overwritten on every path; the y >= 0 branch is concrete.
    public static int fig2(int x, int y) {
        if (x > 0)        y = -1;
        else if (x > -5)  y = 0;
        else              y = 1;
        if (y >= 0) return 1;   // FIG2_LINE6
        else        return 0;
    }

    // Fig. 3 (A.5.3): spf 18 paths (9 AssertionError), pse 6 runs.
    public static void fig3(int x, int y, int a, int b, int c, int d, int e) {
        if (x > 0) {
            a++;
            if (a > 0) b++;
            else       b--;
        } else a--;
        if (y > 0) {
            c++; e++;
            if (c > 0) d++;
            else       d--;
        } else e--;
        if (!(e > 0)) throw new AssertionError();
    }

    // C.5 test 6: a cut where only the taken direction of b2 is subsumed.
    public static int oneSided(int x, int y) {
        int t;
        if (x > 0) t = 0; else t = y;   // b1
        if (t > 5) return 1;            // b2
        return 0;
    }

    // Fig. 3 scaled to 12 diamonds whose suffixes repeat (the criterion bench's subject):
    // spf explores every combination, pse one suffix per diamond and direction.
    public static int diamonds(int x0, int x1, int x2, int x3, int x4, int x5, int x6, int x7, int x8, int x9, int x10, int x11) {
        int y = 0;
        if (x0 > 0) y++; else y--;
        if (x1 > 0) y++; else y--;
        if (x2 > 0) y++; else y--;
        if (x3 > 0) y++; else y--;
        if (x4 > 0) y++; else y--;
        if (x5 > 0) y++; else y--;
        if (x6 > 0) y++; else y--;
        if (x7 > 0) y++; else y--;
        if (x8 > 0) y++; else y--;
        if (x9 > 0) y++; else y--;
        if (x10 > 0) y++; else y--;
        if (x11 > 0) y++; else y--;
        if (x0 + x11 > 5) return 1;
        return 0;
    }

    // A loop whose iterations repeat suffixes: only every instance of the loop's branch as a
    // point of its own (pse:all-instances) collapses it (§4.1 keeps the first instance only).
    public static int loop10(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9) {
        int[] in = {a0, a1, a2, a3, a4, a5, a6, a7, a8, a9};
        int acc = 0;
        for (int i = 0; i < 10; i++) {
            if (in[i] > 0) acc++;
            else           acc--;
        }
        return a0 + a9 > 5 ? 1 : 0;
    }
}
