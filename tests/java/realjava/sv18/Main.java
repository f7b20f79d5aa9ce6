// expect: FALSE (adding 1.0 to a large double changes nothing)
package sv18;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        if (d > 0 && d < Double.POSITIVE_INFINITY) {
            assert d + 1.0 != d : "absorbed";
        }
    }
}
