// expect: UNKNOWN (no assertion fails on strings of up to --string-len characters, but the
// bound is a limit: longer strings are not explored)
package sv19;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert s.length() < 10 || s.charAt(9) != 'z';
    }
}
