// An SPF-style driver (Symbolic PathFinder's gov.nasa.jpf.symbc.Debug): expect FALSE
// (x = 12, y = 5 fails the assertion).
package spf;

import gov.nasa.jpf.symbc.Debug;

public class SpfDriver {
    static int classify(int x, int y) {
        if (x > y) {
            if (x - y == 7) {
                return 2;
            }
            return 1;
        }
        return 0;
    }

    public static void main(String[] args) {
        int x = Debug.makeSymbolicInteger("x");
        int y = Debug.makeSymbolicInteger("y");
        boolean flag = Debug.makeSymbolicBoolean("flag");
        int c = classify(x, y);
        if (flag) {
            assert c != 2 || x != 12 : "classified 12 as 2";
        }
        System.out.println("class " + c);
    }
}
