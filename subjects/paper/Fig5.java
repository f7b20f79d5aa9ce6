public class Fig5 { static int firstOut, secOut; public static void test(int x) { int a = 1;
        int b = 2;
        if (x > 1)
            a = 2;
        if (x > 0)
            b = x;
        firstOut = a;
        secOut = b;
    }
}
// Figure 5 of the DGSE paper with its line numbers (line 1 "int a = 1", line 3 "if (x > 1)",
// line 5 "if (x > 0)"): exhaustive search meets one infeasible path (Table 8), DGSE none (Table 9).
