/*
 * Drivers for replace (the Siemens pattern substitution program, see Replace.java).
 *
 * Each symbolic input is one character of the "from" pattern (p*), the "to" substitution (s*)
 * or the single input line (l*); they are ints restricted with min_int/max_int (jsymex does
 * not apply the int range to char parameters) and are cast to char. The line gets the newline
 * fgets would have kept. The result is everything the program prints for that line.
 */
package replace;

public final class Driver {
    private Driver() {
    }

    static char[] cstr(int... cs) {
        char[] s = new char[Replace.MAXSTR];
        for (int n = 0; n < cs.length; n++) {
            s[n] = (char) cs[n];
        }
        return s;
    }

    static String run(char[] pat, char[] sub, char[] line) {
        char[][] lines = {line};
        return Replace.main(pat, sub, lines);
    }

    /** 5 symbolic characters: pattern p0 p1, substitution s0, line l0 l1 + newline. */
    public static String run5(int p0, int p1, int s0, int l0, int l1) {
        return run(cstr(p0, p1), cstr(s0), cstr(l0, l1, '\n'));
    }

    /** 11 symbolic characters: pattern p0..p3, substitution s0 s1, line l0..l4 + newline. */
    public static String run11(int p0, int p1, int p2, int p3, int s0, int s1, int l0, int l1, int l2, int l3, int l4) {
        return run(cstr(p0, p1, p2, p3), cstr(s0, s1), cstr(l0, l1, l2, l3, l4, '\n'));
    }

    /**
     * The paper's shape: 5 symbolic characters as run5, nothing returned; the substituted line
     * stays in the program's output (the C program's stdout).
     */
    public static void paper5(int p0, int p1, int s0, int l0, int l1) {
        run(cstr(p0, p1), cstr(s0), cstr(l0, l1, '\n'));
    }
}
