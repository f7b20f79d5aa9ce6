/** Seed 004's worked examples as notes-pse-rsd.md B.5 transcribes them, and programs whose
 * relevant sets are smaller than their read sets. */
public class RsdFigs {
    /** §3.2 chown (B.5.2): with lines 7 and 21 uncovered, refFile never matters. */
    public static int chown(int arg1, int arg2, int refFile) {
        int recurse = 0;                       // 1
        int preserveRoot = 0;                  // 2
        if (arg1 == 'R') recurse = 1;          // 4, 5
        if (arg2 == 'P') preserveRoot = 1;     // 6, 7
        int user = 0, group = 0;
        if (refFile != 0) { user = 1; group = 2; }            // 9-12
        else if (user == 0 && group != 0) user = 3;           // 13-17
        if (recurse != 0)                      // 19
            if (preserveRoot != 0)             // 20
                return 21;                     // 21
        return 0;                              // 22-23
    }

    static int log;

    /** A value read only by a covered, irrelevant computation: rwset compares it, rsd does not. */
    public static int tally(int a, int b, int c) {
        int noise = 0;
        if (a > 0) noise = a * 3; else noise = -a;
        log = noise;
        if (b > 0) noise++;
        if (c > 0) return 1;
        return 2;
    }

    /** A fault below an irrelevant-looking branch: the division by zero must stay reachable. */
    public static int fault(int a, int b) {
        int d = 0;
        if (a > 0) d = 1;
        if (b > 5) d = d + 1;
        return 10 / (d - 1);
    }
}
