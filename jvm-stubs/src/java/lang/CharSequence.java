package java.lang;

/**
 * jsymex model of java.lang.CharSequence: a readable sequence of chars.
 */
public interface CharSequence {

    int length();

    char charAt(int index);

    CharSequence subSequence(int start, int end);

    String toString();

    default boolean isEmpty() {
        return this.length() == 0;
    }

    /** Lexicographic comparison of two char sequences (Java 11). */
    static int compare(CharSequence cs1, CharSequence cs2) {
        if (cs1 == cs2) {
            return 0;
        }
        int n1 = cs1.length();
        int n2 = cs2.length();
        int lim = n1 < n2 ? n1 : n2;
        for (int i = 0; i < lim; i++) {
            char a = cs1.charAt(i);
            char b = cs2.charAt(i);
            if (a != b) {
                return a - b;
            }
        }
        return n1 - n2;
    }
}
