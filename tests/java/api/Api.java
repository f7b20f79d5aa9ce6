/*
 * Drivers that take their inputs from the jsymex.Symbolic API (tests/symbolic_api.rs).
 */
import jsymex.Symbolic;

public class Api {
    public static int driver() {
        int n = Symbolic.intValue("n");
        String s = Symbolic.string("s", 2);
        Symbolic.assume(n >= 0 && n < 5);
        int k = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == 'x') {
                k++;
            }
        }
        Symbolic.check(k < 2 || n != 3);
        return n * 10 + k;
    }

    public static String kinds() {
        long l = Symbolic.longValue("l");
        char c = Symbolic.charValue("c");
        boolean b = Symbolic.booleanValue("b");
        double d = Symbolic.doubleValue("d");
        return (l > 5 ? "L" : "l") + (c == 'q' ? "Q" : "c") + (b ? "B" : "b") + (d > 0.5 ? "D" : "d");
    }
}
