import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Transcripts of java.util.regex for the differential test (tests/regex_differential.rs): the
 * same text must come out of jsymex's regex model and of the real JDK. For one (pattern, flags,
 * input) it records the compile error class, or matches() and lookingAt() with their groups,
 * every find() with start, end and groups, Pattern.split with limits 0, 2 and -1, replaceAll
 * with a $ reference, replaceFirst with well- and ill-formed replacement strings, the exceptions
 * of group() before a match and past the last group, quote and quoteReplacement, and (flags 0)
 * the String methods routed to the model.
 */
public class RegexDiff {

    /** The transcript of one case. */
    public static String transcript(String re, int flags, String in) {
        StringBuilder sb = new StringBuilder();
        Pattern p;
        try {
            p = Pattern.compile(re, flags);
        } catch (PatternSyntaxException e) {
            return "error " + e.getClass().getName() + " " + (e.getPattern().equals(re) ? "same-pattern" : "other-pattern");
        }
        try {
            Matcher m = p.matcher(in);
            sb.append("matches=").append(m.matches());
            if (m.matches()) {
                groups(m, sb);
            }
            sb.append(" lookingAt=").append(m.lookingAt());
            if (m.lookingAt()) {
                groups(m, sb);
            }
            sb.append(" find=");
            m.reset();
            while (m.find()) {
                groups(m, sb);
            }
            sb.append(" groupCount=").append(m.groupCount());
            sb.append(" split=").append(Arrays.toString(p.split(in)));
            sb.append(Arrays.toString(p.split(in, 2)));
            sb.append(Arrays.toString(p.split(in, -1)));
            sb.append(" replaceAll=").append(m.replaceAll(m.groupCount() > 0 ? "<$1>" : "<$0>"));
            sb.append(" replaceFirst=").append(m.replaceFirst("#\\$"));
            sb.append(" replacements=");
            String[] reps = {"$", "$9", "${nm}", "\\", "x\\$y", "$0$0", "$10", "$a", "${}"};
            for (String r : reps) {
                try {
                    sb.append(m.replaceFirst(r));
                } catch (RuntimeException e) {
                    sb.append(e.getClass().getName());
                }
                sb.append(';');
            }
            m.reset();
            try {
                sb.append(m.group());
            } catch (IllegalStateException e) {
                sb.append(" no match yet: ").append(e.getClass().getName());
            }
            if (m.find()) {
                try {
                    sb.append(m.group(m.groupCount() + 1));
                } catch (IndexOutOfBoundsException e) {
                    sb.append(" past the last group: ").append(e.getClass().getName());
                }
            }
            String q = Pattern.quote(in);
            sb.append(" quote=").append(q).append(' ').append(Pattern.matches(q, in));
            sb.append(" quoteReplacement=").append(Matcher.quoteReplacement(in + "$\\"));
            if (flags == 0) {
                sb.append(" String.matches=").append(in.matches(re));
                sb.append(" String.split=").append(Arrays.toString(in.split(re)));
                sb.append(Arrays.toString(in.split(re, 3)));
                sb.append(" String.replaceAll=").append(in.replaceAll(re, "[$0]"));
                sb.append(" String.replaceFirst=").append(in.replaceFirst(re, "_"));
            }
        } catch (RuntimeException e) {
            sb.append(" threw ").append(e.getClass().getName());
        }
        return sb.toString();
    }

    private static void groups(Matcher m, StringBuilder sb) {
        sb.append('[').append(m.start()).append(',').append(m.end());
        for (int g = 1; g <= m.groupCount(); g++) {
            sb.append(' ').append(m.group(g)).append('@').append(m.start(g)).append('-').append(m.end(g));
        }
        sb.append(']');
    }

    /** The transcripts of cases from..to-1, one line each (line terminators escaped). */
    public static String run(String[] patterns, int[] flags, String[] inputs, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to && i < patterns.length; i++) {
            String t = transcript(patterns[i], flags[i], inputs[i]).replace("\n", "\\n").replace("\r", "\\r");
            sb.append(i).append(": ").append(t).append('\n');
        }
        return sb.toString();
    }
}
