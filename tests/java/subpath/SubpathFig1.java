/** Figure 1 of Li et al., OOPSLA 2013, rebuilt from its Tables 1-2 (notes A.9.3). */
public class SubpathFig1 {
    public static int fig1(int x, int y, int z, int w) {
        if (x <= y) { // s0: if_icmpgt, taken (t) iff x > y
        } else {
            if (z != 7) { // s5: if_icmpeq, taken iff z == 7
                y = y + 1;
            } else {
                return 6;
            }
        }
        if (w <= 0) { // s8: ifgt, taken iff w > 0
            return 4;
        }
        if (z <= w) { // s9: if_icmpgt, taken iff z > w
            return 4;
        }
        return 10;
    }
}
