public class Fig3 { public static int test(int x, int y, int z) { int a, b, c; a = 4;
        if (x > 1)
            a = 2;
        if (y < 1)
            b = 0;
        else
            b = 2;
        if (z < 2)
            c = 7;
        else
            c = a;
        int d = a - b;
        int e = d + 1;
        return 1 / (a - c + e - e);
    }
}
// A Figure-3-style variant of Figure 2 used by the dependence tests: line 11 reads `a`, so the
// definition at line 1 and the branch at line 2 reach line 14 along several paths.
