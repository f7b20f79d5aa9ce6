// expect: FALSE (a short whose square is 10000)
package sv20;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        short s = Verifier.nondetShort();
        Verifier.assume(s > 0);
        assert s * s != 10000;
    }
}
