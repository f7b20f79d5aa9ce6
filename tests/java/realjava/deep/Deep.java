// Recursion 20,000 frames deep returns normally; unbounded recursion overflows the stack.
package deep;

public class Deep {
    static int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }

    public static int run() {
        return depth(20_000);
    }

    static int forever(int n) {
        return forever(n + 1) + 1;
    }

    public static int overflow() {
        return forever(0);
    }
}
