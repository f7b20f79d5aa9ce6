// expect: TRUE (Gauss's sum)
package sv11;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n >= 0 && n <= 6);
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += i;
        }
        assert sum == n * (n - 1) / 2;
    }
}
