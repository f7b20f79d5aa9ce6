public class WBS { int AltPress = 0;
    int Meter = 2; public void update(int PedalPos, int BSwitch, int PedalCmd) {
        if (PedalPos <= 0)
            PedalCmd = PedalCmd + 1;
        else if (PedalPos == 1)
            PedalCmd = PedalCmd + 2;
        else
            PedalCmd = PedalPos;
        PedalCmd = PedalCmd + 1;
        if (BSwitch == 0)
            Meter = 1;
        else if (BSwitch == 1)
            Meter = 2;
        if (PedalCmd == 2)
            AltPress = 0;
        else if (PedalCmd == 3)
            AltPress = 1;
        else
            AltPress = 2;
    }

    /** Two update calls (the DGSE paper's WBS configuration with 6 inputs). */
    public static int twice(int p1, int b1, int c1, int p2, int b2, int c2) {
        WBS w = new WBS();
        w.update(p1, b1, c1);
        w.update(p2, b2, c2);
        return w.AltPress * 10 + w.Meter;
    }
}
// The DiSE example (Figure 9 of the DGSE paper) with its line numbers: line 3 "if (PedalPos <= 0)"
// (the changed line; the original was "== 0"), line 10 "if (BSwitch == 0)", line 14
// "if (PedalCmd == 2)". 24 feasible paths.
