package java.util.regex;

/** jsymex model of java.util.regex.MatchResult: the outcome of one match. */
public interface MatchResult {
    /** Start of the match. */
    int start();

    /** Start of group {@code group}, or -1 if it did not take part. */
    int start(int group);

    /** End of the match (exclusive). */
    int end();

    /** End of group {@code group}, or -1 if it did not take part. */
    int end(int group);

    /** The matched text. */
    String group();

    /** The text of group {@code group}, or null if it did not take part. */
    String group(int group);

    /** Number of capturing groups. */
    int groupCount();
}
