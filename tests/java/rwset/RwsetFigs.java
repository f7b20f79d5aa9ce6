/** The worked examples of seed 004 / RWset'08 as notes-pse-rsd.md B.5 and C.5 transcribe them. */
public class RwsetFigs {
    static int out;

    /** §2 overview (B.5.1): w and m symbolic; below line 5 only m is read. */
    public static int overview(int w, int m) {
        if (w != 0) out = 1;          // lines 1, 2
        else        out = 2;          // lines 3, 4
        if (m != 0) return 0;         // lines 5, 6
        else        return 1;         // lines 7, 8
    }

    /** The read() loop of B.5.4: the count is read again after the branch, so no state repeats. */
    public static int readLoop(int a, int b, int c) {
        int[] reads = {a, b, c};
        int total = 0;
        for (int i = 0; i < 3; i++) {
            int n = reads[i];
            if (n <= 0) break;
            total += n;
        }
        return total;
    }

    /** A loop that overwrites a symbolic value each iteration: 2^N paths, states repeat. */
    public static int overwrite(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0) s = 1; else s = 0;
        }
        return s;
    }

    /** The bench's subject: the overwrite loop over twelve inputs (4,096 paths under spf). */
    public static int overwrite12(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k, int l) {
        return overwrite(new int[] {a, b, c, d, e, f, g, h, i, j, k, l});
    }

    static int[] cells = new int[4];

    /** A static array written then read: the read set crosses a call. */
    static void put(int i, int v) { cells[i] = v; }

    public static int heap(int x, int y) {
        if (x > 0) put(0, 1); else put(0, 1);
        if (y > 0) put(1, y); else put(1, 0);
        return cells[0] + cells[1];
    }

    static final class Box {
        int v;

        @Override
        public String toString() {
            if (v > 0) return "p";
            return "n";
        }
    }

    /** String concatenation whose arguments are read outside any instruction, one of them
     * through a toString with a branch of its own, and arrays copied natively. */
    public static int concat(int x, int y, int z) {
        String a = x > 0 ? "pos" : "neg";
        Box b = new Box();
        b.v = y;
        String s = a + b;
        char[] cs = new char[4];
        System.arraycopy(s.toCharArray(), 0, cs, 0, 4);
        if (z > 0) cs[0] = 'q';
        return cs[0] + cs[3] + s.length();
    }
}
