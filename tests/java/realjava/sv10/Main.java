// expect: TRUE (abs of anything but MIN_VALUE is not negative)
package sv10;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Verifier.assume(x != Integer.MIN_VALUE);
        int abs = x < 0 ? -x : x;
        assert abs >= 0;
    }
}
