// expect: FALSE (Long.MAX_VALUE + 1 wraps around)
package sv05;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        long x = Verifier.nondetLong();
        if (x > 0) {
            long next = x + 1;
            assert next > 0 : "overflow";
        }
    }
}
