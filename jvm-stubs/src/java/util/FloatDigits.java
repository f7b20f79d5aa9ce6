package java.util;

/**
 * jsymex-internal decimal digits of a double for Formatter's %e, %f and %g.
 *
 * Java's Formatter does not round the exact binary value: it takes the shortest decimal digits
 * that identify the double (the digits Double.toString prints) and rounds those HALF_UP, then
 * pads with zeros. This class does the same on the text of Double.toString: {@code digits} are
 * those digits without leading or trailing zeros and the value is d[0].d[1]d[2]... x 10^exp.
 */
final class FloatDigits {

    private final char[] digits;
    private final int exp;

    /** The digits of a finite v > 0. */
    private FloatDigits(double v) {
        // Java 17 prints Double.MIN_VALUE as 4.9E-324 (the VM's Double.toString gives 5.0E-324)
        String s = (v == Double.MIN_VALUE) ? "4.9E-324" : Double.toString(v);
        int e = s.indexOf('E');
        int power = 0;
        String mant = s;
        if (e >= 0) {
            power = Integer.parseInt(s.substring(e + 1));
            mant = s.substring(0, e);
        }
        int dot = mant.indexOf('.');
        int intDigits = dot < 0 ? mant.length() : dot;
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < mant.length(); i++) {
            char c = mant.charAt(i);
            if (c != '.') {
                all.append(c);
            }
        }
        int lead = 0;
        while (lead < all.length() - 1 && all.charAt(lead) == '0') {
            lead++;
        }
        int end = all.length();
        while (end > lead + 1 && all.charAt(end - 1) == '0') {
            end--;
        }
        char[] d = new char[end - lead];
        all.getChars(lead, end, d, 0);
        this.digits = d;
        this.exp = intDigits - 1 - lead + power;
    }

    /**
     * The digits rounded HALF_UP to n >= 0 digits (padded with zeros): n digits, or n + 1 digits
     * ("100...") when the rounding carried out of the first digit.
     */
    private char[] round(int n) {
        char[] d = digits;
        char[] r = new char[n];
        for (int i = 0; i < n; i++) {
            r[i] = i < d.length ? d[i] : '0';
        }
        if (n < d.length && d[n] >= '5') {
            int i = n - 1;
            while (i >= 0 && r[i] == '9') {
                r[i] = '0';
                i--;
            }
            if (i >= 0) {
                r[i]++;
            } else {
                char[] c = new char[n + 1];
                c[0] = '1';
                for (int j = 1; j <= n; j++) {
                    c[j] = '0';
                }
                return c;
            }
        }
        return r;
    }

    /** "ddd.fff" with prec fraction digits (no point when prec is 0); v == 0 when digits is null. */
    private static String fixed(FloatDigits fd, int prec) {
        StringBuilder sb = new StringBuilder();
        if (fd == null || fd.exp + 1 + prec < 0) {
            sb.append('0');
            appendFraction(sb, "", prec, prec);
            return sb.toString();
        }
        int n = fd.exp + 1 + prec;
        char[] r = fd.round(n);
        int e = (r.length > n) ? fd.exp + 1 : fd.exp;
        int intCount = e + 1;
        if (intCount > 0) {
            sb.append(r, 0, intCount);
            appendFraction(sb, new String(r, intCount, r.length - intCount), 0, prec);
        } else {
            sb.append('0');
            appendFraction(sb, new String(r), -intCount, prec);
        }
        return sb.toString();
    }

    /** '.', then zeros leading zeros and the digits frac (together prec chars). */
    private static void appendFraction(StringBuilder sb, String frac, int zeros, int prec) {
        if (prec == 0) {
            return;
        }
        sb.append('.');
        for (int i = 0; i < zeros && i < prec; i++) {
            sb.append('0');
        }
        sb.append(frac);
    }

    /** Mantissa "d.ddd" with prec fraction digits and the decimal exponent, as {mantissa, exponent}. */
    private static Object[] scientific(FloatDigits fd, int prec) {
        StringBuilder sb = new StringBuilder();
        int e = 0;
        char[] r;
        if (fd == null) {
            r = new char[prec + 1];
            Arrays.fill(r, '0');
        } else {
            r = fd.round(prec + 1);
            e = fd.exp;
            if (r.length > prec + 1) {
                e++;
            }
        }
        sb.append(r[0]);
        if (prec > 0) {
            sb.append('.');
            sb.append(r, 1, prec);
        }
        return new Object[] {sb.toString(), Integer.valueOf(e)};
    }

    /** Appends e, E or the exponent part "+05" / "-300" (at least two digits). */
    private static String exponent(int e) {
        StringBuilder sb = new StringBuilder();
        sb.append(e < 0 ? '-' : '+');
        int a = Math.abs(e);
        if (a < 10) {
            sb.append('0');
        }
        sb.append(a);
        return sb.toString();
    }

    /** Appends the magnitude v (finite, >= 0) for the spec's conversion e, f or g. */
    static void print(Formatter.Spec fs, StringBuilder sb, double v, boolean neg, Locale l) {
        FloatDigits fd = (v == 0.0) ? null : new FloatDigits(v);
        int prec = fs.precision;
        boolean alt = (fs.f & Formatter.ALT) != 0;
        boolean group = (fs.f & Formatter.GROUP) != 0;
        if (fs.c == 'f') {
            int p = (prec == -1) ? 6 : prec;
            String mant = fixed(fd, p);
            if (alt && p == 0) {
                mant = mant + ".";
            }
            fs.appendMagnitude(sb, mant, fs.width, neg, group, l);
            return;
        }
        if (fs.c == 'g') {
            int p = (prec == -1) ? 6 : (prec == 0) ? 1 : prec;
            int e = 0;
            if (fd != null) {
                e = fd.exp;
                if (fd.round(p).length > p) {
                    e++;
                }
            }
            if (fd == null || (e >= -4 && e < p)) {
                fs.appendMagnitude(sb, fixed(fd, p - 1 - e), fs.width, neg, group, l);
                return;
            }
            appendScientific(fs, sb, fd, p - 1, false, neg, l);
            return;
        }
        appendScientific(fs, sb, fd, (prec == -1) ? 6 : prec, alt, neg, l);
    }

    private static void appendScientific(Formatter.Spec fs, StringBuilder sb, FloatDigits fd, int prec, boolean alt,
            boolean neg, Locale l) {
        Object[] me = scientific(fd, prec);
        String mant = (String) me[0];
        if (alt && prec == 0) {
            mant = mant + ".";
        }
        String exp = exponent(((Integer) me[1]).intValue());
        int w = fs.width;
        if (w != -1) {
            w = w - exp.length() - 1;
        }
        fs.appendMagnitude(sb, mant, w, neg, false, l);
        sb.append((fs.f & Formatter.UPPER) != 0 ? 'E' : 'e');
        sb.append(exp);
    }
}
