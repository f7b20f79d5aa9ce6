package java.util.regex;

/**
 * jsymex model of java.util.regex.PatternSyntaxException: a malformed regular expression.
 * getMessage() gives the description, " near index N", the pattern and a caret line, as in Java.
 */
public class PatternSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = -3864639126226059218L;

    private final String desc;
    private final String pattern;
    private final int index;

    /** An error {@code desc} in {@code regex} at {@code index} (-1 when unknown). */
    public PatternSyntaxException(String desc, String regex, int index) {
        this.desc = desc;
        this.pattern = regex;
        this.index = index;
    }

    /** The position of the error in the pattern, or -1. */
    public int getIndex() {
        return index;
    }

    /** What is wrong. */
    public String getDescription() {
        return desc;
    }

    /** The malformed pattern. */
    public String getPattern() {
        return pattern;
    }

    /** The description, the index, the pattern and a caret under the error position. */
    public String getMessage() {
        StringBuilder sb = new StringBuilder(desc);
        if (index >= 0) {
            sb.append(" near index ").append(index);
        }
        sb.append(System.lineSeparator()).append(pattern);
        if (index >= 0 && pattern != null && index < pattern.length()) {
            sb.append(System.lineSeparator());
            for (int i = 0; i < index; i++) {
                sb.append(' ');
            }
            sb.append('^');
        }
        return sb.toString();
    }
}
