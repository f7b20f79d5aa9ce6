/*
 * Drivers of the tot_info subject (see TotInfo.java): the symbolic inputs are the tallies of a
 * small contingency table (ints, widened to C's long and converted to double inside InfoTbl).
 * Results are doubles: the "2 info" statistic, or the chi-square probability q, or InfoTbl's
 * negative error code (-1 all zeros, -2 negative frequency, -3 too small).
 */
package tot_info;

public class Driver {
    /** InfoTbl of the 2x2 table {{a, b}, {c, d}}. */
    public static double info2x2(int a, int b, int c, int d) {
        TotInfo t = new TotInfo();
        return t.infoTbl(2, 2, new long[] {a, b, c, d});
    }

    /** InfoTbl of the 2x3 table {{a, b, c}, {d, e, f}}. */
    public static double info2x3(int a, int b, int c, int d, int e, int f) {
        TotInfo t = new TotInfo();
        return t.infoTbl(2, 3, new long[] {a, b, c, d, e, f});
    }

    /** The degrees of freedom InfoTbl reports for the 2x3 table, or -1 for a bad table. */
    public static int df2x3(int a, int b, int c, int d, int e, int f) {
        TotInfo t = new TotInfo();
        double info = t.infoTbl(2, 3, new long[] {a, b, c, d, e, f});
        return info >= 0.0 ? t.df : -1;
    }

    /** The q value main() prints for the 2x2 table (or InfoTbl's error code). */
    public static double q2x2(int a, int b, int c, int d) {
        TotInfo t = new TotInfo();
        double info = t.infoTbl(2, 2, new long[] {a, b, c, d});
        if (info >= 0.0) {
            return TotInfo.qChiSq(info, t.df);
        }
        return info;
    }

    /** The q value main() prints for the 2x3 table (or InfoTbl's error code). */
    public static double q2x3(int a, int b, int c, int d, int e, int f) {
        TotInfo t = new TotInfo();
        double info = t.infoTbl(2, 3, new long[] {a, b, c, d, e, f});
        if (info >= 0.0) {
            return TotInfo.qChiSq(info, t.df);
        }
        return info;
    }

    /** main() over two 2x2 tables: the total q value (or -7, no information accumulated). */
    public static double total(int a, int b, int c, int d, int e, int f, int g, int h) {
        TotInfo t = new TotInfo();
        return t.run(new int[] {2, 2, 2, 2}, new long[] {a, b, c, d, e, f, g, h});
    }
}
