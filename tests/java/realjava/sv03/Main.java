// expect: FALSE (s = "ab")
package sv03;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() == 2 && s.charAt(0) == 'a') {
            assert s.charAt(1) != 'b' : "found ab";
        }
    }
}
