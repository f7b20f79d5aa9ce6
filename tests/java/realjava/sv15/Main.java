// expect: TRUE (bubble sort sorts three values)
package sv15;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int[] a = {Verifier.nondetInt(), Verifier.nondetInt(), Verifier.nondetInt()};
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j + 1 < a.length - i; j++) {
                if (a[j] > a[j + 1]) {
                    int t = a[j];
                    a[j] = a[j + 1];
                    a[j + 1] = t;
                }
            }
        }
        assert a[0] <= a[1] && a[1] <= a[2];
    }
}
