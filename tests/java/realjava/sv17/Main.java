// expect: UNKNOWN under --max-depth (an unbounded loop; no assertion can fail)
package sv17;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    public static void main(String[] args) {
        int count = 0;
        while (Verifier.nondetBoolean()) {
            count++;
        }
        assert count >= 0;
    }
}
