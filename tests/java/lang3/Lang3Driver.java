import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;

/**
 * Drivers of Apache Commons Lang 3 (Debian's unmodified jar) for tests/commons_lang3.rs: each
 * takes one symbolic string and returns what the library computed, so every generated input can
 * be replayed on the JVM and compared.
 */
public class Lang3Driver {
    /** StringUtils.isNumeric, isAlpha and isBlank. */
    public static String classify(String s) {
        return StringUtils.isNumeric(s) + "," + StringUtils.isAlpha(s) + "," + StringUtils.isBlank(s);
    }

    /** StringUtils.split on separator chars and splitPreserveAllTokens, joined with '|'. */
    public static String split(String s) {
        return join(StringUtils.split(s, ",;")) + "/" + join(StringUtils.splitPreserveAllTokens(s, ','));
    }

    private static String join(String[] parts) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            sb.append(i == 0 ? "" : "|").append(parts[i]);
        }
        return sb.toString();
    }

    /** StringUtils.replace of a two-char substring. */
    public static String replace(String s) {
        return StringUtils.replace(s, "ab", "X");
    }

    /**
     * StringUtils.capitalize and uncapitalize on Latin-1 text (the models' case mappings above
     * U+00FF are approximate, see jvm-stubs/README.md, so other strings are left out).
     */
    public static String capitalize(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                return "not Latin-1";
            }
        }
        return StringUtils.capitalize(s) + "/" + StringUtils.uncapitalize(s);
    }

    /** StringUtils.strip of white space and of given chars. */
    public static String strip(String s) {
        return "[" + StringUtils.strip(s) + "][" + StringUtils.strip(s, "x-") + "]";
    }

    /** StringUtils.replacePattern and removePattern (through java.util.regex). */
    public static String pattern(String s) {
        return StringUtils.replacePattern(s, "[0-9]+", "#") + "/" + StringUtils.removePattern(s, "a+");
    }

    /** NumberUtils.isCreatable and isDigits. */
    public static String isCreatable(String s) {
        return NumberUtils.isCreatable(s) + "," + NumberUtils.isDigits(s);
    }

    /** NumberUtils.toInt with a default. */
    public static int toInt(String s) {
        return NumberUtils.toInt(s, -1);
    }

    /** NumberUtils.createNumber: the class and value of the number, or the exception class. */
    public static String createNumber(String s) {
        try {
            Number n = NumberUtils.createNumber(s);
            return n == null ? "null" : n.getClass().getName() + ":" + n;
        } catch (NumberFormatException e) {
            return "NumberFormatException";
        }
    }
}
