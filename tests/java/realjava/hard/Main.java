// Factoring a 63-bit number: the solver cannot decide it in a millisecond.
package hard;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        long a = Verifier.nondetLong();
        long b = Verifier.nondetLong();
        if (a > 1 && b > 1 && a < 4294967296L && b < 4294967296L) {
            assert a * b != 0x7ffffffffffffee7L;
        }
    }
}
