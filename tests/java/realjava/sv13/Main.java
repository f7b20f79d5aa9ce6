// expect: TRUE (upper-casing a lower-case ASCII letter changes it)
package sv13;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        if (c >= 'a' && c <= 'z') {
            assert Character.toUpperCase(c) != c;
            assert Character.toUpperCase(c) - c == 'A' - 'a';
        }
    }
}
