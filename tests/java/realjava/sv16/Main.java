// expect: TRUE (every exception is handled)
package sv16;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    static int risky(int x) {
        if (x == 5) {
            throw new IllegalStateException("five");
        }
        return 100 / (x - 7);
    }

    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        boolean handled = false;
        int r = 0;
        try {
            r = risky(x);
        } catch (IllegalStateException | ArithmeticException e) {
            handled = true;
        }
        assert handled || x != 5;
        assert handled || r == 100 / (x - 7);
    }
}
