// expect: FALSE (two digit characters making 99)
package sv06;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        char a = Verifier.nondetChar();
        char b = Verifier.nondetChar();
        if (Character.isDigit(a) && a <= '9' && Character.isDigit(b) && b <= '9') {
            int n = (a - '0') * 10 + (b - '0');
            assert n < 99;
        }
    }
}
