// expect: TRUE (bit identities)
package sv14;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int y = Verifier.nondetInt();
        assert (x ^ x) == 0;
        assert (x & ~x) == 0;
        assert ((x ^ y) ^ y) == x;
        if (x > 0 && (x & (x - 1)) == 0) {
            assert Integer.bitCount(x) == 1;
        }
    }
}
