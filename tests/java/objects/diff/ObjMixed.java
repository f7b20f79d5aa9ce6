/*
 * ObjMixed -- symbolic objects with mixed field types: arithmetic on
 * primitive fields, String fields (equals, length, charAt), int[] and char[]
 * fields, boxed Integer / Long parameters and fields (null or a value,
 * unboxing NullPointerException), ArithmeticException and a custom exception.
 */
public class ObjMixed {

    // DRIVER: ObjMixed.rectClass(ObjRect)
    public static int rectClass(ObjRect r) {
        int a = r.w * r.h;
        if (r.w < 0 || r.h < 0) {
            return -1;
        }
        if (a > 100) {
            return 2;
        }
        return a == r.w + r.h ? 1 : 0;
    }

    // DRIVER: ObjMixed.withdraw(ObjAccount,long)
    public static long withdraw(ObjAccount a, long amt) {
        if (a.frozen) {
            throw new IllegalStateException("frozen");
        }
        if (amt > a.balance) {
            throw new ObjFundsException(amt - a.balance);
        }
        a.balance -= amt;
        return a.balance;
    }

    // DRIVER: ObjMixed.ownerName(ObjAccount)
    public static int ownerName(ObjAccount a) {
        String o = a.owner;
        if (o.equals("bob")) {
            return 1;
        }
        if (o.length() > 0 && o.charAt(0) == 'x') {
            return 2;
        }
        return 3;
    }

    // DRIVER: ObjMixed.historySum(ObjAccount)
    public static int historySum(ObjAccount a) {
        int[] h = a.history;
        if (h == null) {
            return -1;
        }
        int s = 0;
        for (int i = 0; i < h.length; i++) {
            s += h[i];
        }
        return s > 10 ? 1 : 0;
    }

    // DRIVER: ObjMixed.plusOne(java.lang.Integer)
    public static int plusOne(Integer x) {
        return x + 1;
    }

    // DRIVER: ObjMixed.boxedCompare(java.lang.Integer,java.lang.Integer)
    public static int boxedCompare(Integer a, Integer b) {
        if (a == null) {
            return b == null ? 0 : -1;
        }
        if (b == null) {
            return 1;
        }
        if (a.equals(b)) {
            return 2;
        }
        return a.compareTo(b) < 0 ? 3 : 4;
    }

    // DRIVER: ObjMixed.limitCheck(ObjAccount,int)
    public static boolean limitCheck(ObjAccount a, int amount) {
        Integer lim = a.limit;
        if (lim == null) {
            return true;
        }
        return amount <= lim.intValue();
    }

    // DRIVER: ObjMixed.recordGrade(ObjRecord)
    public static char recordGrade(ObjRecord r) {
        if (r.flag) {
            return 'F';
        }
        char g = r.grade;
        if (g >= 'a' && g <= 'z') {
            return (char) (g - 32);
        }
        return g == 'A' ? 'a' : '-';
    }

    // DRIVER: ObjMixed.divide(ObjBox)
    public static int divide(ObjBox b) {
        return 100 / b.v;
    }

    // DRIVER: ObjMixed.countUnbox(ObjRecord)
    public static int countUnbox(ObjRecord r) {
        int c = r.count;
        return c > 3 ? c : 0;
    }

    // DRIVER: ObjMixed.stampAndTotal(ObjRecord)
    public static long stampAndTotal(ObjRecord r) {
        Long s = r.stamp;
        if (s == null) {
            return r.total;
        }
        return s.longValue() > r.total ? s.longValue() : r.total + 1L;
    }

    // DRIVER: ObjMixed.codeFirst(ObjRecord)
    public static String codeFirst(ObjRecord r) {
        char[] c = r.code;
        if (c == null) {
            return "null";
        }
        if (c[0] == c[1]) {
            return "pair";
        }
        return String.valueOf(c[0]);
    }

    // DRIVER: ObjMixed.nameAndData(ObjRecord) --string-len 2 --array-len 1
    public static int nameAndData(ObjRecord r) {
        if (r.name == null || r.data == null) {
            return 0;
        }
        if (r.name.length() == r.data[0]) {
            return 1;
        }
        return r.name.isEmpty() ? 2 : 3;
    }

    // DRIVER: ObjMixed.boxedIdentity(java.lang.Integer,java.lang.Integer)
    public static boolean boxedIdentity(Integer a, Integer b) {
        return a == b;
    }
}
