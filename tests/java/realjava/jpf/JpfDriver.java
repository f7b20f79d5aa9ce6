// A JPF-style driver (gov.nasa.jpf.vm.Verify): expect FALSE (the choices 3, true).
package jpf;

import gov.nasa.jpf.vm.Verify;

public class JpfDriver {
    public static void main(String[] args) {
        int n = Verify.getInt(1, 4);
        boolean twice = Verify.getBoolean();
        Verify.ignoreIf(n == 4 && twice);
        int r = twice ? n * 2 : n;
        assert r != 6 : "r is 6";
    }

    /** Expect TRUE: every choice in range, and the ignored one never reaches the assertion. */
    public static void safe() {
        int n = Verify.getInt(1, 4);
        boolean neg = Verify.getBoolean();
        Verify.ignoreIf(n == 3);
        int r = neg ? -n : n;
        assert r != 3 && r != -3;
        assert n >= 1 && n <= 4;
    }
}
