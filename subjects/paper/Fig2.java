public class Fig2 { public static int test(int x, int y, int z) { int a, b, c; a = 4;
        if (x > 1)
            a = 2;
        if (y < 1)
            b = 0;
        else
            b = 2;
        if (z < 2)
            c = 7;
        else
            c = 4;
        char[] s = new char[a - b];
        s[a - b - 1] = 'd';
        return 1 / (a - c);
    }
}
// Figure 2 of the DGSE paper (Wang et al., TSE), in Java, with the paper's line numbers: line 1
// holds "a = 4", line 2 "if (x > 1)", ..., line 14 "return 1 / (a - c)". The C program's
// malloc(a-b)/strncpy fault at lines 12-13 becomes an ArrayIndexOutOfBoundsException at line 13
// when a == b; line 14 throws ArithmeticException when a == c.
