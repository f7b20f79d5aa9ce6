package java.util.regex;

/**
 * jsymex model: one state of a compiled regex. A node matches at position {@code i} of the
 * matcher's text and then asks its continuation {@code next} to match the rest; returning
 * false makes the caller try its next alternative (backtracking). Nodes keep no state of their
 * own: captures and loop counters live in the {@link Matcher}, so one compiled pattern serves
 * any number of matchers.
 */
abstract class Node {
    /** The continuation: what must match after this node. */
    Node next;

    /** Whether this node and its continuation match at {@code i}. */
    abstract boolean match(Matcher m, int i);

    /** The end of the pattern: records the match end (with matches(), only at the region end). */
    static final class Accept extends Node {
        boolean match(Matcher m, int i) {
            if (m.requireEnd && i != m.to) {
                return false;
            }
            m.groups[1] = i;
            return true;
        }
    }

    /** The end of a lookahead, lookbehind or atomic group: stores the position and succeeds. */
    static final class Mark extends Node {
        /** Matcher slot receiving the position (the target position for a lookbehind). */
        final int slot;
        /** For a lookbehind: succeed only at the stored target. */
        final boolean behind;

        Mark(int slot, boolean behind) {
            this.slot = slot;
            this.behind = behind;
        }

        boolean match(Matcher m, int i) {
            if (behind) {
                return i == m.locals[slot];
            }
            m.locals[slot] = i;
            return true;
        }
    }

    /** One char out of a set. */
    static final class One extends Node {
        final CharSet set;

        One(CharSet set) {
            this.set = set;
        }

        boolean match(Matcher m, int i) {
            if (i < m.to && set.has(m.text[i]) != 0) {
                return next.match(m, i + 1);
            }
            return false;
        }
    }

    /** Quantifier kinds. */
    static final int GREEDY = 0, LAZY = 1, POSSESSIVE = 2;

    /** A quantified single char ({@code [a-c]+}, {@code \d?}, {@code .*?}): iterative, no recursion per char. */
    static final class CharRepeat extends Node {
        final CharSet set;
        final int min;
        final int max;
        final int kind;

        CharRepeat(CharSet set, int min, int max, int kind) {
            this.set = set;
            this.min = min;
            this.max = max;
            this.kind = kind;
        }

        boolean match(Matcher m, int i) {
            char[] t = m.text;
            int to = m.to;
            if (kind == LAZY) {
                int j = i;
                while (j - i < min) {
                    if (j >= to || set.has(t[j]) == 0) {
                        return false;
                    }
                    j++;
                }
                while (true) {
                    if (next.match(m, j)) {
                        return true;
                    }
                    if (j - i >= max || j >= to || set.has(t[j]) == 0) {
                        return false;
                    }
                    j++;
                }
            }
            int j = i;
            while (j - i < max && j < to && set.has(t[j]) != 0) {
                j++;
            }
            if (j - i < min) {
                return false;
            }
            if (kind == POSSESSIVE) {
                return next.match(m, j);
            }
            while (true) {
                if (next.match(m, j)) {
                    return true;
                }
                if (j - i == min) {
                    return false;
                }
                j--;
            }
        }
    }

    /** Alternation: tries each alternative in order (each ends in the shared continuation). */
    static final class Branch extends Node {
        final Node[] alts;

        Branch(Node[] alts) {
            this.alts = alts;
        }

        boolean match(Matcher m, int i) {
            for (int k = 0; k < alts.length; k++) {
                if (alts[k].match(m, i)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Entry of capturing group {@code n}: remembers where it started. */
    static final class GroupHead extends Node {
        final int n;

        GroupHead(int n) {
            this.n = n;
        }

        boolean match(Matcher m, int i) {
            int old = m.openStart[n];
            m.openStart[n] = i;
            boolean r = next.match(m, i);
            m.openStart[n] = old;
            return r;
        }
    }

    /** Exit of capturing group {@code n}: commits its span, undone if the rest fails. */
    static final class GroupTail extends Node {
        final int n;

        GroupTail(int n) {
            this.n = n;
        }

        boolean match(Matcher m, int i) {
            int[] g = m.groups;
            int os = g[2 * n];
            int oe = g[2 * n + 1];
            g[2 * n] = m.openStart[n];
            g[2 * n + 1] = i;
            if (next.match(m, i)) {
                return true;
            }
            g[2 * n] = os;
            g[2 * n + 1] = oe;
            return false;
        }
    }

    /**
     * A quantified sub-pattern that is not a single char. The body ends in a {@link LoopTail}
     * that comes back here. The matcher holds, from {@code locals[slot]}: the iterations done,
     * where the current iteration started and where the loop started. As in Java, an iteration
     * that ends where the loop started ends the loop (even below the minimum), and an empty
     * iteration elsewhere ends it once the minimum is reached.
     */
    static final class Loop extends Node {
        Node body;
        final int min;
        final int max;
        final int kind;
        final int slot;

        Loop(int min, int max, int kind, int slot) {
            this.min = min;
            this.max = max;
            this.kind = kind;
            this.slot = slot;
        }

        boolean match(Matcher m, int i) {
            int[] l = m.locals;
            int ob = l[slot + 2];
            l[slot + 2] = i;
            boolean r = step(m, i, 0);
            l[slot + 2] = ob;
            return r;
        }

        /** At {@code i} after {@code count} iterations: another one, or the continuation. */
        boolean step(Matcher m, int i, int count) {
            if (count < min) {
                return iterate(m, i, count);
            }
            if (count >= max) {
                return next.match(m, i);
            }
            if (kind == LAZY) {
                return next.match(m, i) || iterate(m, i, count);
            }
            return iterate(m, i, count) || next.match(m, i);
        }

        private boolean iterate(Matcher m, int i, int count) {
            int[] l = m.locals;
            int oc = l[slot];
            int op = l[slot + 1];
            l[slot] = count;
            l[slot + 1] = i;
            boolean r = body.match(m, i);
            l[slot] = oc;
            l[slot + 1] = op;
            return r;
        }
    }

    /** The end of one iteration of a {@link Loop}. */
    static final class LoopTail extends Node {
        final Loop loop;

        LoopTail(Loop loop) {
            this.loop = loop;
        }

        boolean match(Matcher m, int i) {
            int[] l = m.locals;
            int slot = loop.slot;
            int count = l[slot];
            int start = l[slot + 1];
            if (i == l[slot + 2] || (i == start && count + 1 >= loop.min)) {
                return loop.next.match(m, i);
            }
            boolean r = loop.step(m, i, count + 1);
            l[slot] = count;
            l[slot + 1] = start;
            return r;
        }
    }

    /**
     * An atomic group or a possessive quantifier on a sub-pattern: no backtracking into it.
     * Like Java, captures made inside are kept when the continuation fails.
     */
    static final class Atomic extends Node {
        final Node body;
        final int slot;

        Atomic(Node body, int slot) {
            this.body = body;
            this.slot = slot;
        }

        boolean match(Matcher m, int i) {
            int old = m.locals[slot];
            if (!body.match(m, i)) {
                m.locals[slot] = old;
                return false;
            }
            int j = m.locals[slot];
            m.locals[slot] = old;
            return next.match(m, j);
        }
    }

    /**
     * A possessive quantifier on a sub-pattern, as Java runs it: each iteration takes the
     * first way the body matches (no backtracking into it or between iterations); past the
     * minimum, an iteration that consumes nothing ends the loop.
     */
    static final class PossessiveLoop extends Node {
        final Node body;
        final int min;
        final int max;
        final int slot;

        PossessiveLoop(Node body, int min, int max, int slot) {
            this.body = body;
            this.min = min;
            this.max = max;
            this.slot = slot;
        }

        boolean match(Matcher m, int i) {
            int old = m.locals[slot];
            int count = 0;
            while (count < max) {
                if (!body.match(m, i)) {
                    break;
                }
                int j = m.locals[slot];
                if (count >= min && j == i) {
                    break;
                }
                i = j;
                count++;
            }
            m.locals[slot] = old;
            return count >= min && next.match(m, i);
        }
    }

    /** Lookahead (?=X) / (?!X) and lookbehind (?<=X) / (?<!X). */
    static final class Look extends Node {
        final Node body;
        final boolean ahead;
        final boolean negative;
        final int slot;

        Look(Node body, boolean ahead, boolean negative, int slot) {
            this.body = body;
            this.ahead = ahead;
            this.negative = negative;
            this.slot = slot;
        }

        boolean match(Matcher m, int i) {
            int old = m.locals[slot];
            boolean found = false;
            if (ahead) {
                found = body.match(m, i);
            } else {
                m.locals[slot] = i;
                for (int j = i; j >= m.from && !found; j--) {
                    found = body.match(m, j);
                }
            }
            m.locals[slot] = old;
            // like Java, captures made inside a lookaround are kept, whatever happens next
            return found != negative && next.match(m, i);
        }
    }

    /** A backreference \n or \k<name>, case-insensitive when the pattern asks. */
    static final class BackRef extends Node {
        final int n;
        final int flags;

        BackRef(int n, int flags) {
            this.n = n;
            this.flags = flags;
        }

        boolean match(Matcher m, int i) {
            if (2 * n >= m.groups.length) {
                return false;
            }
            int s = m.groups[2 * n];
            int e = m.groups[2 * n + 1];
            if (s < 0) {
                return false;
            }
            int len = e - s;
            if (i + len > m.to) {
                return false;
            }
            char[] t = m.text;
            boolean ci = (flags & Pattern.CASE_INSENSITIVE) != 0;
            for (int k = 0; k < len; k++) {
                char a = t[s + k];
                char b = t[i + k];
                if (ci) {
                    if ((flags & Pattern.UNICODE_CASE) != 0) {
                        if (a != b && Character.toUpperCase(a) != Character.toUpperCase(b)
                                && Character.toLowerCase(a) != Character.toLowerCase(b)) {
                            return false;
                        }
                    } else if ((CharSet.eq(a, b) | (CharSet.asciiLetter(a) & CharSet.eq(a | 0x20, b | 0x20))) == 0) {
                        return false;
                    }
                } else if (a != b) {
                    return false;
                }
            }
            return next.match(m, i + len);
        }
    }

    /** Anchor kinds. */
    static final int BEGIN = 0, END = 1, LINE_BEGIN = 2, LINE_END = 3, INPUT_BEGIN = 4, INPUT_END = 5,
            END_BEFORE_TERMINATOR = 6, WORD_BOUNDARY = 7, NOT_WORD_BOUNDARY = 8, LAST_MATCH = 9;

    /** ^ $ \A \z \Z \b \B \G. */
    static final class Anchor extends Node {
        final int kind;
        final boolean unixLines;

        Anchor(int kind, boolean unixLines) {
            this.kind = kind;
            this.unixLines = unixLines;
        }

        boolean match(Matcher m, int i) {
            return at(m, i) && next.match(m, i);
        }

        private boolean terminator(char c) {
            return CharSet.lineTerminator(c, unixLines) != 0;
        }

        private boolean at(Matcher m, int i) {
            char[] t = m.text;
            int from = m.from;
            int to = m.to;
            switch (kind) {
                case BEGIN:
                case INPUT_BEGIN:
                    return i == from;
                case LINE_BEGIN:
                    // like Java (and Perl), never at the end of the input, even after a newline
                    if (i == to) {
                        return false;
                    }
                    if (i == from) {
                        return true;
                    }
                    if (!terminator(t[i - 1])) {
                        return false;
                    }
                    return !(t[i - 1] == '\r' && t[i] == '\n' && !unixLines);
                case INPUT_END:
                    return i == to;
                case END:
                case END_BEFORE_TERMINATOR:
                    if (i == to) {
                        return true;
                    }
                    if (i == to - 2) {
                        return !unixLines && t[i] == '\r' && t[i + 1] == '\n';
                    }
                    if (i == to - 1 && terminator(t[i])) {
                        return !(t[i] == '\n' && i > from && t[i - 1] == '\r' && !unixLines);
                    }
                    return false;
                case LINE_END:
                    if (i == to) {
                        return true;
                    }
                    if (!terminator(t[i])) {
                        return false;
                    }
                    return !(t[i] == '\n' && i > from && t[i - 1] == '\r' && !unixLines);
                case LAST_MATCH:
                    return i == m.lastEnd;
                default:
                    boolean before = i > from && word(t[i - 1]);
                    boolean after = i < to && word(t[i]);
                    return (before != after) == (kind == WORD_BOUNDARY);
            }
        }

        private static boolean word(char c) {
            return c == '_' || Character.isLetterOrDigit(c);
        }
    }
}
