/*
 * IntOps -- differential tests for int / byte / short / char / boolean semantics.
 *
 * Every method is static, takes the symbolic inputs as parameters and branches
 * on them. Only language operators are used (no library calls).
 *
 * Methods:
 *   addOverflow(int,int)          int + overflow detection
 *   subOverflow(int,int)          int - overflow detection
 *   mulOverflow(int,int)          int * overflow vs. long product
 *   divide(int,int)               idiv: / by zero, MIN_VALUE / -1
 *   remainder(int,int)            irem: % by zero, MIN_VALUE % -1, sign of result
 *   shiftLeft(int,int)            ishl with counts >= 32 and negative counts
 *   shiftRight(int,int)           ishr with counts >= 32 and negative counts
 *   unsignedShiftRight(int,int)   iushr with counts >= 32 and negative counts
 *   narrowing(int)                i2b, i2c, i2s
 *   byteShort(byte,short)         byte/short parameters, wrap-around on narrowing
 *   charUpper(char)               char arithmetic, char return value
 *   charArith(char,int)           char + int, wrap-around through (char)
 *   boolLogic(boolean,boolean,int) boolean parameters, ^ & ! operators
 *   boolReturn(int,int)           boolean return value
 *   tableSwitch(int)              dense switch (tableswitch) with fallthrough
 *   lookupSwitch(int)             sparse switch (lookupswitch) incl. MIN/MAX_VALUE
 *   boundedLoop(int,int)          loop bounded by symbolic n with constant cap 5
 *   ternary(int,int)              nested conditional expressions
 *   absOverflow(int)              -MIN_VALUE == MIN_VALUE
 *   negateCompare(int,int)        ineg, comparisons against negated values
 */
public class IntOps {

    // DRIVER: IntOps.addOverflow(int,int)
    // EXPECT: paths>=3 return
    public static int addOverflow(int a, int b) {
        int s = a + b;
        if (a > 0 && b > 0 && s < 0) {
            return 1;
        }
        if (a < 0 && b < 0 && s >= 0) {
            return -1;
        }
        return 0;
    }

    // DRIVER: IntOps.subOverflow(int,int)
    // EXPECT: paths>=3 return
    public static int subOverflow(int a, int b) {
        int d = a - b;
        if (a >= 0 && b < 0 && d < 0) {
            return 1;
        }
        if (a < 0 && b > 0 && d >= 0) {
            return -1;
        }
        return 0;
    }

    // DRIVER: IntOps.mulOverflow(int,int)
    // EXPECT: paths>=3 return
    public static int mulOverflow(int a, int b) {
        int p = a * b;
        long w = (long) a * (long) b;
        if (w != p) {
            if (p < 0 && w > 0) {
                return 2;
            }
            return 1;
        }
        return 0;
    }

    // DRIVER: IntOps.divide(int,int)
    // EXPECT: paths>=3 return java.lang.ArithmeticException
    public static int divide(int a, int b) {
        if (b == -1) {
            int q = a / b;
            if (q < 0 && a < 0) {
                return 99; // only a == Integer.MIN_VALUE: MIN_VALUE / -1 == MIN_VALUE
            }
            return q;
        }
        return a / b;
    }

    // DRIVER: IntOps.remainder(int,int)
    // EXPECT: paths>=5 return java.lang.ArithmeticException
    public static int remainder(int a, int b) {
        int r = a % b;
        if (b == -1 && a == Integer.MIN_VALUE) {
            return r + 7; // MIN_VALUE % -1 == 0
        }
        if (r < 0) {
            return -1; // sign follows the dividend
        }
        if (r > 0) {
            return 1;
        }
        return 0;
    }

    // DRIVER: IntOps.shiftLeft(int,int)
    // EXPECT: paths>=4 return
    public static int shiftLeft(int x, int s) {
        int r = x << s;
        if (s >= 32 && r == x && x != 0) {
            return 1; // count is masked with & 31
        }
        if (s < 0 && r != 0) {
            return 2; // x << -1 == x << 31
        }
        if (r < 0) {
            return 3;
        }
        return 0;
    }

    // DRIVER: IntOps.shiftRight(int,int)
    // EXPECT: paths>=4 return
    public static int shiftRight(int x, int s) {
        int r = x >> s;
        if (x < 0 && r == -1) {
            return 1;
        }
        if (s != 0 && r == x && x != 0) {
            return 2;
        }
        if (r == 0) {
            return 3;
        }
        return 4;
    }

    // DRIVER: IntOps.unsignedShiftRight(int,int)
    // EXPECT: paths>=5 return
    public static int unsignedShiftRight(int x, int s) {
        int r = x >>> s;
        if (x < 0 && r < 0) {
            return 1; // s & 31 == 0
        }
        if (x < 0 && r == 1) {
            return 2; // s & 31 == 31, e.g. s == -1
        }
        if (x < 0) {
            return 3;
        }
        if (r == x) {
            return 4;
        }
        return 5;
    }

    // DRIVER: IntOps.narrowing(int)
    // EXPECT: paths>=4 return
    public static int narrowing(int x) {
        byte b = (byte) x;
        char c = (char) x;
        short s = (short) x;
        if (b < 0 && x > 0) {
            return 1;
        }
        if (c > 32767 && s < 0) {
            return 2;
        }
        if (s == x) {
            return 3;
        }
        return 4;
    }

    // DRIVER: IntOps.byteShort(byte,short)
    // EXPECT: paths>=5 return
    public static int byteShort(byte b, short s) {
        byte bb = (byte) (b + 1);
        if (bb < b) {
            return 1; // b == 127
        }
        short ss = (short) (s * 2);
        if (s > 0 && ss < 0) {
            return 2;
        }
        if (s == Short.MIN_VALUE) {
            return 3;
        }
        if (b == s) {
            return 4;
        }
        return 0;
    }

    // DRIVER: IntOps.charUpper(char)
    // EXPECT: paths>=3 return
    public static char charUpper(char c) {
        if (c >= 'a' && c <= 'z') {
            return (char) (c - 32);
        }
        if (c == 0) {
            return (char) (c - 1); // wraps to '\uffff'
        }
        return c;
    }

    // DRIVER: IntOps.charArith(char,int)
    // EXPECT: paths>=3 return
    public static int charArith(char c, int k) {
        char d = (char) (c + k);
        if (k > 0 && d < c) {
            return -1; // wrapped around 0xFFFF
        }
        if (d == 'A') {
            return 1;
        }
        return d - c;
    }

    // DRIVER: IntOps.boolLogic(boolean,boolean,int)
    // EXPECT: paths>=6 return
    public static int boolLogic(boolean a, boolean b, int x) {
        if (a ^ b) {
            if (x > 10) {
                return 1;
            }
            return 2;
        }
        if (a & b) {
            return x > 0 ? 3 : 4;
        }
        return !a && x == 0 ? 5 : 6;
    }

    // DRIVER: IntOps.boolReturn(int,int)
    // EXPECT: paths>=2 return
    public static boolean boolReturn(int x, int y) {
        return x > y && (x ^ y) < 0;
    }

    // DRIVER: IntOps.tableSwitch(int)
    // EXPECT: paths>=6 return
    public static int tableSwitch(int x) {
        int r = 0;
        switch (x) {
            case 0:
                r += 1;
                // fallthrough
            case 1:
                r += 2;
                break;
            case 2:
            case 3:
                r = 23;
                break;
            case 4:
                r = 14;
                break;
            case 5:
                return 15;
            default:
                r = -1;
        }
        return r;
    }

    // DRIVER: IntOps.lookupSwitch(int)
    // EXPECT: paths>=6 return
    public static int lookupSwitch(int x) {
        switch (x) {
            case -1000:
                return 1;
            case 7:
                return 2;
            case 100000:
                return 3;
            case Integer.MIN_VALUE:
                return 4;
            case Integer.MAX_VALUE:
                return 5;
            default:
                return 0;
        }
    }

    // DRIVER: IntOps.boundedLoop(int,int)
    // EXPECT: paths>=6 return
    public static int boundedLoop(int n, int step) {
        int acc = 0;
        for (int i = 0; i < n && i < 5; i++) {
            acc += step;
            if (acc > 100) {
                return -1;
            }
        }
        return acc;
    }

    // DRIVER: IntOps.ternary(int,int)
    // EXPECT: paths>=6 return
    public static int ternary(int a, int b) {
        int m = a > b ? a : b;
        int k = m == a ? (a == b ? 0 : 1) : 2;
        return k * 10 + (m < 0 ? 1 : 0);
    }

    // DRIVER: IntOps.absOverflow(int)
    // EXPECT: paths>=3 return
    public static int absOverflow(int x) {
        int y = x < 0 ? -x : x;
        if (y < 0) {
            return -1; // x == Integer.MIN_VALUE
        }
        if (y == 0) {
            return 0;
        }
        return 1;
    }

    // DRIVER: IntOps.negateCompare(int,int)
    // EXPECT: paths>=4 return
    public static int negateCompare(int a, int b) {
        int na = -a;
        if (na == a) {
            return a == 0 ? 0 : 1; // 0 or MIN_VALUE
        }
        if (na > b) {
            return 2;
        }
        return 3;
    }
}
