package java.util.regex;

/**
 * jsymex model of java.util.regex.Matcher: runs a {@link Pattern}'s node graph over a copy of
 * the input's chars. Holds the captures ({@code groups}: start and end per group, -1 when the
 * group did not take part) and the locals of loops, lookarounds and atomic groups, which the
 * nodes save and restore as they backtrack.
 */
public final class Matcher implements MatchResult {
    private Pattern pattern;
    private CharSequence input;
    /** The input's chars. */
    char[] text;
    /** The region searched: [from, to). */
    int from;
    int to;
    /** Start and end of every group (group 0 is the whole match), -1 when unset. */
    int[] groups;
    /** Where each capturing group was last entered. */
    int[] openStart;
    /** Locals of loops, lookarounds and atomic groups. */
    int[] locals;
    /** matches(): the match must end at {@code to}. */
    boolean requireEnd;
    /** End of the previous match (for \G). */
    int lastEnd;
    /** Start of the current match, -1 when there is none. */
    private int first = -1;
    /** End of the current match (where find() continues). */
    private int last;
    /** Where appendReplacement copies from next. */
    private int appendPos;

    Matcher(Pattern pattern, CharSequence input) {
        this.pattern = pattern;
        setInput(input);
    }

    private void setInput(CharSequence input) {
        this.input = input;
        this.text = input.toString().toCharArray();
        int g = pattern.groupCount + 1;
        this.groups = new int[2 * g];
        this.openStart = new int[g];
        this.locals = new int[pattern.localCount];
        reset();
    }

    /** The pattern this matcher runs. */
    public Pattern pattern() {
        return pattern;
    }

    /** Forgets the current match and the append position; the region becomes the whole input. */
    public Matcher reset() {
        first = -1;
        last = 0;
        lastEnd = 0;
        appendPos = 0;
        from = 0;
        to = text.length;
        clearGroups();
        return this;
    }

    /** Resets with a new input. */
    public Matcher reset(CharSequence input) {
        setInput(input);
        return this;
    }

    /** Switches to another pattern, keeping the position. */
    public Matcher usePattern(Pattern newPattern) {
        if (newPattern == null) {
            throw new IllegalArgumentException("Pattern cannot be null");
        }
        this.pattern = newPattern;
        int g = newPattern.groupCount + 1;
        this.groups = new int[2 * g];
        this.openStart = new int[g];
        this.locals = new int[newPattern.localCount];
        clearGroups();
        first = -1;
        return this;
    }

    /** Restricts matching to [start, end) and resets. */
    public Matcher region(int start, int end) {
        if (start < 0 || start > text.length || end < start || end > text.length) {
            throw new IndexOutOfBoundsException("start " + start + ", end " + end + ", length " + text.length);
        }
        reset();
        from = start;
        to = end;
        return this;
    }

    /** Start of the region. */
    public int regionStart() {
        return from;
    }

    /** End of the region. */
    public int regionEnd() {
        return to;
    }

    private void clearGroups() {
        for (int i = 0; i < groups.length; i++) {
            groups[i] = -1;
        }
    }

    /**
     * Tries the pattern at {@code s} only. Like Java, captures left by an earlier failed
     * start position are not cleared ({@code clear} is false while searching).
     */
    private boolean matchAt(int s, boolean anchorEnd, boolean clear) {
        if (clear) {
            clearGroups();
        }
        requireEnd = anchorEnd;
        groups[0] = s;
        boolean ok = pattern.root.match(this, s);
        if (ok) {
            first = s;
            last = groups[1];
            lastEnd = last;
        } else {
            first = -1;
        }
        return ok;
    }

    /** Searches from {@code start} to the region end. */
    private boolean search(int start) {
        clearGroups();
        for (int s = start; s <= to; s++) {
            if (matchAt(s, false, false)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the whole region matches. */
    public boolean matches() {
        return matchAt(from, true, true);
    }

    /** Whether a prefix of the region matches. */
    public boolean lookingAt() {
        return matchAt(from, false, true);
    }

    /** Finds the next match after the previous one (an empty match moves on by one char). */
    public boolean find() {
        int next = last;
        if (next == first) {
            next++;
        }
        if (next < from) {
            next = from;
        }
        if (next > to) {
            first = -1;
            clearGroups();
            return false;
        }
        return search(next);
    }

    /** Resets, then finds the first match at or after {@code start}. */
    public boolean find(int start) {
        if (start < 0 || start > text.length) {
            throw new IndexOutOfBoundsException("Illegal start index");
        }
        reset();
        return search(start);
    }

    private void requireMatch() {
        if (first < 0) {
            throw new IllegalStateException("No match available");
        }
    }

    private void checkGroup(int group) {
        if (group < 0 || group > pattern.groupCount) {
            throw new IndexOutOfBoundsException("No group " + group);
        }
    }

    /** Start of the current match. */
    public int start() {
        requireMatch();
        return groups[0];
    }

    /** Start of group {@code group} in the current match, or -1. */
    public int start(int group) {
        requireMatch();
        checkGroup(group);
        return groups[2 * group];
    }

    /** Start of the named group in the current match, or -1. */
    public int start(String name) {
        return start(namedGroup(name));
    }

    /** End of the current match. */
    public int end() {
        requireMatch();
        return groups[1];
    }

    /** End of group {@code group} in the current match, or -1. */
    public int end(int group) {
        requireMatch();
        checkGroup(group);
        return groups[2 * group + 1];
    }

    /** End of the named group in the current match, or -1. */
    public int end(String name) {
        return end(namedGroup(name));
    }

    /** The text of the current match. */
    public String group() {
        return group(0);
    }

    /** The text of group {@code group}, or null if it did not take part. */
    public String group(int group) {
        if (first < 0) {
            throw new IllegalStateException("No match found");
        }
        checkGroup(group);
        int s = groups[2 * group];
        if (s < 0) {
            return null;
        }
        return new String(text, s, groups[2 * group + 1] - s);
    }

    /** The text of the named group, or null if it did not take part. */
    public String group(String name) {
        int g = namedGroup(name);
        if (first < 0) {
            throw new IllegalStateException("No match found");
        }
        return group(g);
    }

    private int namedGroup(String name) {
        if (name == null) {
            throw new NullPointerException("Group name");
        }
        int g = pattern.groupIndex(name);
        if (g < 0) {
            throw new IllegalArgumentException("No group with name <" + name + ">");
        }
        return g;
    }

    /** Number of capturing groups of the pattern. */
    public int groupCount() {
        return pattern.groupCount;
    }

    /** Whether the last match attempt reached the end of the input (approximated: a match ends there). */
    public boolean hitEnd() {
        return first >= 0 ? groups[1] == to : true;
    }

    /** A snapshot of the current match. */
    public MatchResult toMatchResult() {
        Matcher copy = new Matcher(pattern, input);
        copy.first = first;
        copy.last = last;
        System.arraycopy(groups, 0, copy.groups, 0, groups.length);
        return copy;
    }

    /** Appends the text since the last append and the expanded {@code replacement}. */
    public Matcher appendReplacement(StringBuilder sb, String replacement) {
        requireMatch();
        StringBuilder expanded = new StringBuilder();
        expand(replacement, expanded);
        sb.append(text, appendPos, groups[0] - appendPos);
        sb.append(expanded);
        appendPos = groups[1];
        return this;
    }

    /** As {@link #appendReplacement(StringBuilder, String)}, into a StringBuffer. */
    public Matcher appendReplacement(StringBuffer sb, String replacement) {
        StringBuilder b = new StringBuilder();
        appendReplacement(b, replacement);
        sb.append(b);
        return this;
    }

    /** Appends the rest of the input after the last append. */
    public StringBuilder appendTail(StringBuilder sb) {
        sb.append(text, appendPos, text.length - appendPos);
        return sb;
    }

    /** As {@link #appendTail(StringBuilder)}, into a StringBuffer. */
    public StringBuffer appendTail(StringBuffer sb) {
        sb.append(text, appendPos, text.length - appendPos);
        return sb;
    }

    /** Expands $n, ${name} and \x in a replacement string. */
    private void expand(String r, StringBuilder out) {
        int n = r.length();
        int i = 0;
        while (i < n) {
            char c = r.charAt(i);
            if (c == '\\') {
                i++;
                if (i == n) {
                    throw new IllegalArgumentException("character to be escaped is missing");
                }
                out.append(r.charAt(i));
                i++;
            } else if (c == '$') {
                i++;
                if (i == n) {
                    throw new IllegalArgumentException("Illegal group reference: group index is missing");
                }
                int g;
                if (r.charAt(i) == '{') {
                    i++;
                    int s = i;
                    while (i < n && isNameChar(r.charAt(i), i == s)) {
                        i++;
                    }
                    if (i == s) {
                        throw new IllegalArgumentException("named capturing group has 0 length name");
                    }
                    if (i == n || r.charAt(i) != '}') {
                        throw new IllegalArgumentException("named capturing group is missing trailing '}'");
                    }
                    String name = r.substring(s, i);
                    i++;
                    g = pattern.groupIndex(name);
                    if (g < 0) {
                        throw new IllegalArgumentException("No group with name {" + name + "}");
                    }
                } else {
                    int d = r.charAt(i) - '0';
                    if (d < 0 || d > 9) {
                        throw new IllegalArgumentException("Illegal group reference");
                    }
                    g = d;
                    i++;
                    while (i < n) {
                        int e = r.charAt(i) - '0';
                        if (e < 0 || e > 9) {
                            break;
                        }
                        int ng = g * 10 + e;
                        if (ng > pattern.groupCount) {
                            break;
                        }
                        g = ng;
                        i++;
                    }
                    if (g > pattern.groupCount) {
                        throw new IndexOutOfBoundsException("No group " + g);
                    }
                }
                int s = groups[2 * g];
                if (s >= 0) {
                    out.append(text, s, groups[2 * g + 1] - s);
                }
            } else {
                out.append(c);
                i++;
            }
        }
    }

    private static boolean isNameChar(char c, boolean firstChar) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (!firstChar && c >= '0' && c <= '9');
    }

    /** Replaces every match with the expanded {@code replacement}. */
    public String replaceAll(String replacement) {
        reset();
        if (!find()) {
            return input.toString();
        }
        StringBuilder sb = new StringBuilder();
        do {
            appendReplacement(sb, replacement);
        } while (find());
        return appendTail(sb).toString();
    }

    /** Replaces every match with what {@code replacer} returns for it (taken literally). */
    public String replaceAll(java.util.function.Function<MatchResult, String> replacer) {
        reset();
        if (!find()) {
            return input.toString();
        }
        StringBuilder sb = new StringBuilder();
        do {
            String r = replacer.apply(this);
            sb.append(text, appendPos, groups[0] - appendPos);
            sb.append(r);
            appendPos = groups[1];
        } while (find());
        return appendTail(sb).toString();
    }

    /** Replaces the first match with the expanded {@code replacement}. */
    public String replaceFirst(String replacement) {
        reset();
        if (!find()) {
            return input.toString();
        }
        StringBuilder sb = new StringBuilder();
        appendReplacement(sb, replacement);
        return appendTail(sb).toString();
    }

    /** {@code s} with '\' and '$' escaped, for use as a literal replacement. */
    public static String quoteReplacement(String s) {
        if (s.indexOf('\\') < 0 && s.indexOf('$') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c == '$') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** "java.util.regex.Matcher[pattern=P region=A,B lastmatch=M]", as in Java. */
    public String toString() {
        return "java.util.regex.Matcher[pattern=" + pattern.pattern() + " region=" + from + "," + to
                + " lastmatch=" + (first >= 0 ? group() : "") + "]";
    }
}
