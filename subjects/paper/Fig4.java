/**
 * Figure 4 of the DGSE paper: N independent if-else blocks whose results are never combined
 * (2^N paths for exhaustive search, N+1 for DGSE), and a variant whose results meet in one
 * return value (every path has its own symbolic value there).
 */
public class Fig4 {
    static int sink;

    /** Ten independent blocks. */
    public static void blocks10(int x0, int x1, int x2, int x3, int x4, int x5, int x6, int x7, int x8, int x9) {
        if (x0 > 0) sink = 1; else sink = -1;
        if (x1 > 0) sink = 1; else sink = -1;
        if (x2 > 0) sink = 1; else sink = -1;
        if (x3 > 0) sink = 1; else sink = -1;
        if (x4 > 0) sink = 1; else sink = -1;
        if (x5 > 0) sink = 1; else sink = -1;
        if (x6 > 0) sink = 1; else sink = -1;
        if (x7 > 0) sink = 1; else sink = -1;
        if (x8 > 0) sink = 1; else sink = -1;
        if (x9 > 0) sink = 1; else sink = -1;
    }

    /** N independent blocks over an array (N = --array-len). */
    public static void blocks(int[] x) {
        for (int i = 0; i < x.length; i++) {
            if (x[i] > 0) sink = 1; else sink = -1;
        }
    }

    /** Ten blocks whose results are combined into the return value. */
    public static int combined10(int x0, int x1, int x2, int x3, int x4, int x5, int x6, int x7, int x8, int x9) {
        int r = 0;
        if (x0 > 0) r += 1; else r -= 1;
        if (x1 > 0) r += 2; else r -= 2;
        if (x2 > 0) r += 4; else r -= 4;
        if (x3 > 0) r += 8; else r -= 8;
        if (x4 > 0) r += 16; else r -= 16;
        if (x5 > 0) r += 32; else r -= 32;
        if (x6 > 0) r += 64; else r -= 64;
        if (x7 > 0) r += 128; else r -= 128;
        if (x8 > 0) r += 256; else r -= 256;
        if (x9 > 0) r += 512; else r -= 512;
        return r;
    }

    /** Twelve independent blocks (the benchmark: 4096 paths). */
    public static void blocks12(int x0, int x1, int x2, int x3, int x4, int x5, int x6, int x7, int x8, int x9, int x10, int x11) {
        if (x0 > 0) sink = 1; else sink = -1;
        if (x1 > 0) sink = 1; else sink = -1;
        if (x2 > 0) sink = 1; else sink = -1;
        if (x3 > 0) sink = 1; else sink = -1;
        if (x4 > 0) sink = 1; else sink = -1;
        if (x5 > 0) sink = 1; else sink = -1;
        if (x6 > 0) sink = 1; else sink = -1;
        if (x7 > 0) sink = 1; else sink = -1;
        if (x8 > 0) sink = 1; else sink = -1;
        if (x9 > 0) sink = 1; else sink = -1;
        if (x10 > 0) sink = 1; else sink = -1;
        if (x11 > 0) sink = 1; else sink = -1;
    }

    /** Fourteen independent blocks (SPF's measured bar: 16,384 paths). */
    public static void blocks14(int x0, int x1, int x2, int x3, int x4, int x5, int x6, int x7, int x8, int x9, int x10, int x11, int x12, int x13) {
        if (x0 > 0) sink = 1; else sink = -1;
        if (x1 > 0) sink = 1; else sink = -1;
        if (x2 > 0) sink = 1; else sink = -1;
        if (x3 > 0) sink = 1; else sink = -1;
        if (x4 > 0) sink = 1; else sink = -1;
        if (x5 > 0) sink = 1; else sink = -1;
        if (x6 > 0) sink = 1; else sink = -1;
        if (x7 > 0) sink = 1; else sink = -1;
        if (x8 > 0) sink = 1; else sink = -1;
        if (x9 > 0) sink = 1; else sink = -1;
        if (x10 > 0) sink = 1; else sink = -1;
        if (x11 > 0) sink = 1; else sink = -1;
        if (x12 > 0) sink = 1; else sink = -1;
        if (x13 > 0) sink = 1; else sink = -1;
    }
}
