/*
 * Drivers for the symbolic-string test: Integer.parseInt (and friends) on a string whose
 * characters are symbolic. Every path's input is replayed on the real JVM.
 */
public class ParseInt {
    /** Integer.parseInt: a value, or NumberFormatException. */
    public static int parse(String s) {
        return Integer.parseInt(s);
    }

    /** parseInt in base 16, with the failure caught and reported as -1. */
    public static int parseHexOrMinusOne(String s) {
        try {
            return Integer.parseInt(s, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Long.parseLong on the trimmed text; the sign of the result. */
    public static int signOfTrimmedLong(String s) {
        long v = Long.parseLong(s.trim());
        return v < 0 ? -1 : v == 0 ? 0 : 1;
    }
}
