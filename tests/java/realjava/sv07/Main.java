// expect: FALSE (index 2 written)
package sv07;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int[] a = new int[5];
        int i = Verifier.nondetInt();
        Verifier.assume(i >= 0 && i < a.length);
        a[i] = 1;
        assert a[2] == 0;
    }
}
