// expect: FALSE (x = 7)
package sv01;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Verifier.assume(x >= 0 && x < 1000);
        int y = 3 * x + 1;
        assert y != 22 : "y reached 22";
    }
}
