package java.util.regex;

/**
 * jsymex model of java.util.regex.Pattern: a compiled regular expression, matched by a
 * backtracking matcher written in plain Java so that symbolic strings flow through it.
 * Supported: classes (ranges, negation, unions, intersections, \d \w \s \h \v, POSIX and a few
 * Unicode \p{...} properties), '.', greedy / reluctant / possessive quantifiers, capturing,
 * non-capturing, named and atomic groups, lookahead and lookbehind, backreferences,
 * alternation, ^ $ \A \z \Z \b \B \G, \R, the flags CASE_INSENSITIVE, MULTILINE, DOTALL,
 * UNICODE_CASE, COMMENTS, LITERAL, UNIX_LINES (also inline), \Q..\E and char escapes. Not
 * supported: CANON_EQ (ignored), UNICODE_CHARACTER_CLASS (ignored), supplementary code points
 * (the text is matched as UTF-16 units), \X, \N{...}, \p{block and script names} other
 * than a few, and streams (splitAsStream, asPredicate).
 */
public final class Pattern implements java.io.Serializable {
    private static final long serialVersionUID = 5073258162644648461L;

    /** Only '\n' ends a line. */
    public static final int UNIX_LINES = 0x01;
    /** ASCII case-insensitive matching (Unicode with UNICODE_CASE). */
    public static final int CASE_INSENSITIVE = 0x02;
    /** White space and #-comments in the pattern are ignored. */
    public static final int COMMENTS = 0x04;
    /** ^ and $ match at line terminators. */
    public static final int MULTILINE = 0x08;
    /** The pattern is a literal string. */
    public static final int LITERAL = 0x10;
    /** '.' matches line terminators too. */
    public static final int DOTALL = 0x20;
    /** Case folding for non-ASCII letters. */
    public static final int UNICODE_CASE = 0x40;
    /** Canonical equivalence (ignored by this model). */
    public static final int CANON_EQ = 0x80;
    /** Unicode versions of the predefined classes (ignored by this model). */
    public static final int UNICODE_CHARACTER_CLASS = 0x100;

    private static final int ALL_FLAGS = 0x1FF;

    private final String pattern;
    private final int flags;
    /** First node of the compiled graph. */
    final Node root;
    /** Number of capturing groups. */
    final int groupCount;
    /** Matcher locals the nodes need. */
    final int localCount;
    final String[] names;
    final int[] nameGroup;

    private Pattern(String regex, int flags) {
        if ((flags & ~ALL_FLAGS) != 0) {
            throw new IllegalArgumentException("Unknown flag 0x" + Integer.toHexString(flags));
        }
        this.pattern = regex;
        this.flags = flags;
        Parser parser = new Parser(regex, flags);
        Term t = parser.parse();
        this.root = t.compile(new Node.Accept(), parser);
        this.groupCount = parser.groupCount;
        this.localCount = parser.localCount();
        this.names = parser.names;
        this.nameGroup = parser.nameGroup;
    }

    /** Compiles {@code regex}; throws PatternSyntaxException when it is malformed. */
    public static Pattern compile(String regex) {
        return new Pattern(regex, 0);
    }

    /** Compiles {@code regex} with the given flags. */
    public static Pattern compile(String regex, int flags) {
        return new Pattern(regex, flags);
    }

    /** The source of this pattern. */
    public String pattern() {
        return pattern;
    }

    /** The source of this pattern. */
    public String toString() {
        return pattern;
    }

    /** The flags given to compile. */
    public int flags() {
        return flags;
    }

    /** A matcher of this pattern over {@code input}. */
    public Matcher matcher(CharSequence input) {
        return new Matcher(this, input);
    }

    /** Whether the whole of {@code input} matches {@code regex}. */
    public static boolean matches(String regex, CharSequence input) {
        return compile(regex).matcher(input).matches();
    }

    /** The group number of a named group, or -1. */
    int groupIndex(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return nameGroup[i];
            }
        }
        return -1;
    }

    /** The named groups and their numbers (package-private, as in Java 17). */
    java.util.Map<String, Integer> namedGroups() {
        java.util.Map<String, Integer> m = new java.util.HashMap<String, Integer>();
        for (int i = 0; i < names.length; i++) {
            m.put(names[i], Integer.valueOf(nameGroup[i]));
        }
        return m;
    }

    /** Splits {@code input} around the matches of this pattern, without trailing empty strings. */
    public String[] split(CharSequence input) {
        return split(input, 0);
    }

    /**
     * Splits {@code input} around the matches of this pattern: at most {@code limit} parts when
     * it is positive, trailing empty strings removed when it is 0. A zero-width match at the
     * start never yields a leading empty string.
     */
    public String[] split(CharSequence input, int limit) {
        String s = input.toString();
        Matcher m = matcher(s);
        java.util.ArrayList<String> parts = new java.util.ArrayList<String>();
        int index = 0;
        boolean limited = limit > 0;
        while (m.find()) {
            if (!limited || parts.size() < limit - 1) {
                if (index == 0 && m.start() == 0 && m.end() == 0) {
                    continue;
                }
                parts.add(s.substring(index, m.start()));
                index = m.end();
            } else {
                break;
            }
        }
        if (index == 0) {
            return new String[] {s};
        }
        parts.add(s.substring(index));
        int size = parts.size();
        if (limit == 0) {
            while (size > 0 && parts.get(size - 1).isEmpty()) {
                size--;
            }
        }
        String[] r = new String[size];
        for (int i = 0; i < size; i++) {
            r[i] = parts.get(i);
        }
        return r;
    }

    /** A pattern matching {@code s} literally ("\Q...\E", with any "\E" inside handled). */
    public static String quote(String s) {
        int e = s.indexOf("\\E");
        if (e < 0) {
            return "\\Q" + s + "\\E";
        }
        StringBuilder sb = new StringBuilder(s.length() * 2);
        sb.append("\\Q");
        int from = 0;
        while (e >= 0) {
            sb.append(s, from, e).append("\\E\\\\E\\Q");
            from = e + 2;
            e = s.indexOf("\\E", from);
        }
        sb.append(s, from, s.length()).append("\\E");
        return sb.toString();
    }
}
