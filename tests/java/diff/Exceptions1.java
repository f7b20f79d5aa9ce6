/*
 * Exceptions1 -- differential tests for exception handling: custom exception
 * classes (static nested classes extending RuntimeException), caught and
 * uncaught exceptions, handler selection by subclass, try/catch/finally with
 * symbolic conditions (finally replacing an exception or a return value),
 * getMessage(), void methods, and athrow of null.
 *
 * Methods:
 *   throwCustom(int)            throws MyError / OtherError or returns
 *   catchArith(int,int)         catches ArithmeticException from idiv
 *   finallyFlow(int)            catch + finally both update a local
 *   finallyReturn(int)          return inside finally overrides return / nothing else
 *   nestedTry(int,int)          inner handler does not match, finally throws
 *   catchSuper(int)             handler order: SubError, MyError, RuntimeException
 *   messageCheck(int)           getMessage() of a caught exception (literal or null)
 *   checkRange(int)             void method throwing IllegalArgumentException / OtherError
 *   loopWithThrow(int)          exception thrown from a loop capped at 5
 *   arrayCatch(int)             catches ArrayIndexOutOfBoundsException
 *   rethrow(int)                converts ArithmeticException into MyError
 *   npeCatch(boolean)           catches NullPointerException from invokevirtual on null
 *   throwNull(int)              athrow of null throws NullPointerException
 *   finallyRethrow(int,int)     exception escapes through a finally that returns on one path
 */
public class Exceptions1 {

    static class MyError extends RuntimeException {
        MyError(String message) {
            super(message);
        }
    }

    static class SubError extends MyError {
        SubError(String message) {
            super(message);
        }
    }

    static class OtherError extends RuntimeException {
        OtherError(String message) {
            super(message);
        }
    }

    // DRIVER: Exceptions1.throwCustom(int)
    // EXPECT: paths>=3 return Exceptions1$MyError Exceptions1$OtherError
    public static int throwCustom(int x) {
        if (x > 10) {
            throw new MyError("big");
        }
        if (x < -10) {
            throw new OtherError("small");
        }
        return x;
    }

    // DRIVER: Exceptions1.catchArith(int,int)
    // EXPECT: paths>=2 return
    public static int catchArith(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    // DRIVER: Exceptions1.finallyFlow(int)
    // EXPECT: paths>=2 return
    public static int finallyFlow(int x) {
        int r = 0;
        try {
            if (x > 0) {
                throw new MyError("p");
            }
            r = 1;
        } catch (MyError e) {
            r = 2;
        } finally {
            r += 10;
        }
        return r;
    }

    // DRIVER: Exceptions1.finallyReturn(int)
    // EXPECT: paths>=3 return Exceptions1$MyError
    @SuppressWarnings("finally")
    public static int finallyReturn(int x) {
        try {
            if (x == 0) {
                throw new MyError("z");
            }
            return 1;
        } finally {
            if (x < 0) {
                return 3;
            }
        }
    }

    // DRIVER: Exceptions1.nestedTry(int,int)
    // EXPECT: paths>=5 return java.lang.ArithmeticException Exceptions1$OtherError
    public static int nestedTry(int a, int b) {
        try {
            try {
                if (a > 0) {
                    throw new MyError("inner");
                }
                return 10 / b;
            } catch (OtherError e) {
                return -2; // never: nothing in the try block throws OtherError
            } finally {
                if (b == 5) {
                    throw new OtherError("fin"); // replaces the pending exception / return
                }
            }
        } catch (MyError e) {
            return -1;
        }
    }

    // DRIVER: Exceptions1.catchSuper(int)
    // EXPECT: paths>=4 return
    public static int catchSuper(int x) {
        try {
            if (x == 1) {
                throw new SubError("s");
            }
            if (x == 2) {
                throw new MyError("m");
            }
            if (x == 3) {
                throw new OtherError("o");
            }
            return 0;
        } catch (SubError e) {
            return 1;
        } catch (MyError e) {
            return 2;
        } catch (RuntimeException e) {
            return 3;
        }
    }

    // DRIVER: Exceptions1.messageCheck(int)
    // EXPECT: paths>=3 return
    public static int messageCheck(int x) {
        try {
            if (x > 0) {
                throw new MyError("pos");
            }
            if (x < 0) {
                throw new MyError(null);
            }
            return 0;
        } catch (MyError e) {
            return e.getMessage() == null ? 2 : 1;
        }
    }

    // DRIVER: Exceptions1.checkRange(int)
    // EXPECT: paths>=3 return java.lang.IllegalArgumentException Exceptions1$OtherError
    public static void checkRange(int x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative");
        }
        if (x > 100) {
            throw new OtherError("too big");
        }
    }

    // DRIVER: Exceptions1.loopWithThrow(int)
    // EXPECT: paths>=5 return
    public static int loopWithThrow(int n) {
        int s = 0;
        try {
            for (int i = 0; i < n && i < 5; i++) {
                if (i == 3) {
                    throw new MyError("three");
                }
                s += i;
            }
        } catch (MyError e) {
            s = -s;
        }
        return s;
    }

    // DRIVER: Exceptions1.arrayCatch(int)
    // (array theory: the in-bounds store is one path whose return value is symbolic; with
    // --arrays concretize the two in-bounds indices are separate paths)
    // EXPECT: paths>=2 return
    public static int arrayCatch(int i) {
        int[] a = new int[2];
        try {
            a[i] = 1;
            return a[0] * 10 + a[1];
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    // DRIVER: Exceptions1.rethrow(int)
    // EXPECT: paths>=2 return Exceptions1$MyError
    public static int rethrow(int x) {
        try {
            return 100 / x;
        } catch (ArithmeticException e) {
            throw new MyError("wrapped");
        }
    }

    // DRIVER: Exceptions1.npeCatch(boolean)
    // EXPECT: paths>=2 return
    public static int npeCatch(boolean b) {
        Object o = b ? new Object() : null;
        try {
            return o.equals(o) ? 1 : 0;
        } catch (NullPointerException e) {
            return -1;
        }
    }

    // DRIVER: Exceptions1.throwNull(int)
    // EXPECT: paths>=2 Exceptions1$MyError java.lang.NullPointerException
    public static void throwNull(int x) {
        RuntimeException e = x > 0 ? new MyError("m") : null;
        throw e;
    }

    // DRIVER: Exceptions1.finallyRethrow(int,int)
    // EXPECT: paths>=3 return Exceptions1$SubError
    @SuppressWarnings("finally")
    public static int finallyRethrow(int a, int b) {
        int r = 0;
        try {
            if (a > b) {
                throw new SubError("sub");
            }
            r = 5;
        } finally {
            if (a == 7) {
                return -7; // discards a pending SubError
            }
        }
        return r;
    }
}
