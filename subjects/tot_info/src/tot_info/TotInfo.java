/*
 * tot_info (Siemens suite): information statistics for contingency tables.
 *
 * A Java version, written for jsymex, of the Siemens program tot_info: for each r x c table of
 * non-negative tallies it computes the "2 info" statistic (twice the mutual information,
 * Kullback's minimum discrimination information statistic) with rdf*cdf degrees of freedom, and
 * the chi-square tail probability q = QChiSq(2info, df) via the incomplete gamma function
 * (LGamma, gser, gcf, QGamma as in Numerical Recipes, first edition).
 *
 * Adapted: C's stdin/stdout main() is replaced by methods taking the tables as parameters
 * (run() processes several tables like main() and returns the totals); the tally array is a
 * long[] (C's long *f) indexed f[i*c+j] like the C macro x(i,j); malloc failure (-4, "out of
 * memory") cannot happen in Java and is kept only as a code; the C "NOTREACHED" fall-through
 * after ITMAX iterations of gser/gcf (undefined in C) returns the last approximation.
 * Error codes of InfoTbl: -1 table all zeros, -2 negative frequency, -3 table too small.
 */
package tot_info;

public class TotInfo {
    /** Maximum number of cells of one table (C: MAXTBL). */
    public static final int MAXTBL = 1000;
    /** Iteration limit of the series/continued fraction (C: ITMAX). */
    static final int ITMAX = 100;
    /** Relative accuracy (C: EPS). */
    static final double EPS = 3.0e-7;
    static final double PI = 3.141592653589793;

    /** Numerical Recipes (1st ed.) gammln coefficients. */
    static final double[] COF = {76.18009173, -86.50532033, 24.01409822, -1.231739516, 0.120858003e-2, -0.536382e-5};

    /** Degrees of freedom of the last successful InfoTbl call (C: *pdf). */
    public int df;

    static double abs(double x) {
        return x < 0.0 ? -x : x;
    }

    /** ln(Gamma(x)) for x > 0 (reflection formula below 1). */
    static double lGamma(double x) {
        double tmp, ser;
        --x;
        if (x < 0.0) {
            double pix = PI * x;
            return Math.log(pix / Math.sin(pix)) - lGamma(1.0 - x);
        }
        tmp = x + 5.5;
        tmp -= (x + 0.5) * Math.log(tmp);
        ser = 1.0;
        for (int j = 0; j < 6; ++j) {
            ++x;
            ser += COF[j] / x;
        }
        return -tmp + Math.log(2.50662827465 * ser);
    }

    /** Incomplete gamma P(a, x) by its series (x < a + 1). */
    static double gser(double a, double x) {
        double ap, del, sum;
        if (x <= 0.0) {
            return 0.0;
        }
        ap = a;
        del = sum = 1.0 / ap;
        for (int n = 1; n <= ITMAX; ++n) {
            ++ap;
            del *= x / ap;
            sum += del;
            if (abs(del) < abs(sum) * EPS) {
                return sum * Math.exp(-x + a * Math.log(x) - lGamma(a));
            }
        }
        /* NOTREACHED in C */
        return sum * Math.exp(-x + a * Math.log(x) - lGamma(a));
    }

    /** Incomplete gamma Q(a, x) by its continued fraction (x >= a + 1). */
    static double gcf(double a, double x) {
        double gold = 0.0, fac = 1.0, b1 = 1.0, b0 = 0.0, a0 = 1.0, a1 = x;
        double g = 0.0;
        for (int n = 1; n <= ITMAX; ++n) {
            double an = (double) n;
            double ana = an - a;
            double anf;
            a0 = (a1 + a0 * ana) * fac;
            b0 = (b1 + b0 * ana) * fac;
            anf = an * fac;
            b1 = x * b0 + anf * b1;
            a1 = x * a0 + anf * a1;
            if (a1 != 0.0) {
                fac = 1.0 / a1;
                g = b1 * fac;
                gold = g - gold;
                if (abs(gold) < EPS * abs(g)) {
                    return Math.exp(-x + a * Math.log(x) - lGamma(a)) * g;
                }
                gold = g;
            }
        }
        /* NOTREACHED in C */
        return Math.exp(-x + a * Math.log(x) - lGamma(a)) * g;
    }

    /** Q(a, x) = 1 - P(a, x), the complemented incomplete gamma function. */
    public static double qGamma(double a, double x) {
        return x < a + 1.0 ? 1.0 - gser(a, x) : gcf(a, x);
    }

    /** Probability that a chi-square variate with df degrees of freedom exceeds chisq. */
    public static double qChiSq(double chisq, int df) {
        return qGamma((double) df / 2.0, chisq / 2.0);
    }

    /**
     * The "2 info" statistic of the r x c table f (row-major); sets df to (r-1)(c-1). Returns a
     * negative code for a bad table: -3 too small, -2 negative frequency, -1 all zeros.
     */
    public double infoTbl(int r, int c, long[] f) {
        int rdf = r - 1;
        int cdf = c - 1;
        double info;
        double n;
        if (rdf <= 0 || cdf <= 0) {
            return -3.0;
        }
        df = rdf * cdf;
        double[] xi = new double[r];
        double[] xj = new double[c];

        /* row sums and the total */
        n = 0.0;
        for (int i = 0; i < r; ++i) {
            double sum = 0.0;
            for (int j = 0; j < c; ++j) {
                long k = f[i * c + j];
                if (k < 0L) {
                    return -2.0;
                }
                sum += (double) k;
            }
            xi[i] = sum;
            n += sum;
        }
        if (n <= 0.0) {
            return -1.0;
        }

        /* column sums */
        for (int j = 0; j < c; ++j) {
            double sum = 0.0;
            for (int i = 0; i < r; ++i) {
                sum += (double) f[i * c + j];
            }
            xj[j] = sum;
        }

        /* the information */
        info = n * Math.log(n);
        for (int i = 0; i < r; ++i) {
            double pi = xi[i];
            if (pi > 0.0) {
                info -= pi * Math.log(pi);
            }
            for (int j = 0; j < c; ++j) {
                double pij = (double) f[i * c + j];
                if (pij > 0.0) {
                    info += pij * Math.log(pij);
                }
            }
        }
        for (int j = 0; j < c; ++j) {
            double pj = xj[j];
            if (pj > 0.0) {
                info -= pj * Math.log(pj);
            }
        }
        info *= 2.0;
        return info;
    }

    /** Accumulated "2 info" of run() (C: totinfo). */
    public double totInfo;
    /** Accumulated degrees of freedom of run() (C: totdf). */
    public int totDf;

    /**
     * main(): processes tables given as dims[2t], dims[2t+1] (rows, columns) with their tallies
     * consecutively in cells. Returns -5 for "table too large" (EXIT_FAILURE), -6 for "EOF in
     * table" (too few cells), -7 for "no information accumulated", else the total q value
     * QChiSq(totInfo, totDf). Bad tables are skipped like main() does after printing a message.
     */
    public double run(int[] dims, long[] cells) {
        int pos = 0;
        totInfo = 0.0;
        totDf = 0;
        for (int t = 0; t + 1 < dims.length; t += 2) {
            int r = dims[t];
            int c = dims[t + 1];
            if (r * c > MAXTBL) {
                return -5.0;
            }
            /* C reads max(r,0) * max(c,0) tallies */
            int cnt = (r > 0 && c > 0) ? r * c : 0;
            if (pos + cnt > cells.length) {
                return -6.0;
            }
            long[] f = new long[cnt];
            for (int k = 0; k < cnt; ++k) {
                f[k] = cells[pos + k];
            }
            pos += cnt;
            double info = infoTbl(r, c, f);
            if (info >= 0.0) {
                totInfo += info;
                totDf += df;
            }
        }
        if (totDf <= 0) {
            return -7.0;
        }
        return qChiSq(totInfo, totDf);
    }
}
