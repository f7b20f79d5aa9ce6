// expect: FALSE (three bytes summing to 42)
package sv02;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            byte b = Verifier.nondetByte();
            Verifier.assume(b >= 0);
            sum += b;
        }
        assert sum != 42;
    }
}
