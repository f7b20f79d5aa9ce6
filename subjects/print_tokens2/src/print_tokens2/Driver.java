/*
 * Drivers for print_tokens2 (the Siemens lexical analyser with hand-written classification
 * functions, see PrintTokens2.java).
 *
 * Each symbolic input is one character of the token stream; they are ints restricted with
 * min_int/max_int (jsymex does not apply the int range to char parameters) and are cast to
 * char. The stream is exactly those characters followed by end of file. The result is
 * everything the program prints.
 */
package print_tokens2;

public final class Driver {
    private Driver() {
    }

    static char[] stream(int... cs) {
        char[] s = new char[cs.length];
        for (int n = 0; n < cs.length; n++) {
            s[n] = (char) cs[n];
        }
        return s;
    }

    /** Two symbolic characters (the paper's configuration with 2 inputs). */
    public static String run2(int c0, int c1) {
        return PrintTokens2.main(stream(c0, c1));
    }

    /** Three symbolic characters (the paper's configuration with 3 inputs). */
    public static String run3(int c0, int c1, int c2) {
        return PrintTokens2.main(stream(c0, c1, c2));
    }

    /**
     * The paper's shape: two symbolic characters, nothing returned; the tokens stay in the
     * program's output (the C program's stdout).
     */
    public static void paper2(int c0, int c1) {
        PrintTokens2.main(stream(c0, c1));
    }
}
