/*
 * Drivers for print_tokens (the Siemens table-driven lexical analyser, see PrintTokens.java).
 *
 * Each symbolic input is one character of the token stream; they are ints restricted with
 * min_int/max_int (jsymex does not apply the int range to char parameters) and are cast to
 * char. The stream is exactly those characters followed by end of file. The result is
 * everything the program prints.
 *
 * choose2 instead takes, per stream position, a symbolic choice among 16 representative
 * characters (one or more per character class of the automaton), made by a switch: every
 * path then has concrete characters, so the table lookups have concrete indices. It is the
 * fast configuration: with symbolic characters every next_state lookup is a select over the
 * ~380-element tables, which the solver currently finds very slow.
 */
package print_tokens;

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

    /** Two symbolic characters (as print_tokens2's smaller configuration). */
    public static String run2(int c0, int c1) {
        return PrintTokens.main(stream(c0, c1));
    }

    /** Three symbolic characters (as print_tokens2's larger configuration). */
    public static String run3(int c0, int c1, int c2) {
        return PrintTokens.main(stream(c0, c1, c2));
    }

    /** The representative characters of choose2: keyword letters, another letter, a digit, the symbols, blank, newline and an invalid character. */
    static char pick(int k) {
        switch (k) {
            case 0:
                return 'a';
            case 1:
                return 'n';
            case 2:
                return 'd';
            case 3:
                return 'o';
            case 4:
                return 'r';
            case 5:
                return 'z';
            case 6:
                return '1';
            case 7:
                return '(';
            case 8:
                return '"';
            case 9:
                return '#';
            case 10:
                return ';';
            case 11:
                return '=';
            case 12:
                return '>';
            case 13:
                return ' ';
            case 14:
                return '\n';
            default:
                return '$';
        }
    }

    /** Two stream positions, each a choice 0..15 among the representative characters. */
    public static String choose2(int k0, int k1) {
        return PrintTokens.main(stream(pick(k0), pick(k1)));
    }
}
