// expect: FALSE (4! = 24)
package sv09;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    static int fact(int n) {
        return n <= 1 ? 1 : n * fact(n - 1);
    }

    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n >= 0 && n <= 6);
        assert fact(n) != 24;
    }
}
