// Recursive procedures on symbolic ints: exploring them takes longer than any --timeout.
package budget;

public class Rec {
    static int mc91(int n) {
        return n > 100 ? n - 10 : mc91(mc91(n + 11));
    }

    static int ack(int m, int n) {
        if (m == 0) {
            return n + 1;
        }
        if (n == 0) {
            return ack(m - 1, 1);
        }
        return ack(m - 1, ack(m, n - 1));
    }

    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    public static int mcCarthy(int n) {
        return mc91(n);
    }

    public static int ackermann(int m, int n) {
        return ack(m, n);
    }

    public static int euclid(int a, int b) {
        return gcd(a, b);
    }
}
