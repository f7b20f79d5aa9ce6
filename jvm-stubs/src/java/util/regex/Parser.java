package java.util.regex;

/**
 * jsymex model: recursive-descent parser of the regex syntax into {@link Term}s. Flags set
 * inline ({@code (?i)}) last until the end of the enclosing group, as in Java. Malformed
 * patterns throw {@link PatternSyntaxException} (with Java's description where known).
 */
final class Parser {
    private final String regex;
    private final char[] p;
    private final int n;
    private int pos;
    private int flags;
    /** Capturing groups seen so far. */
    int groupCount;
    /** Names of named groups (index i names group nameGroup[i]). */
    String[] names = new String[0];
    int[] nameGroup = new int[0];
    /** Matcher locals allocated by the compiled nodes. */
    private int locals;
    /** The atom just parsed was \Q...\E (it takes no quantifier as a whole). */
    private boolean quoted;

    Parser(String regex, int flags) {
        this.regex = regex;
        this.p = regex.toCharArray();
        this.n = p.length;
        this.flags = flags;
    }

    /** Allocates {@code k} matcher locals; returns the first. */
    int slots(int k) {
        int s = locals;
        locals += k;
        return s;
    }

    /** Number of matcher locals the compiled nodes use. */
    int localCount() {
        return locals;
    }

    private PatternSyntaxException error(String desc, int index) {
        return new PatternSyntaxException(desc, regex, index);
    }

    /** Parses the whole pattern. */
    Term parse() {
        if ((flags & Pattern.LITERAL) != 0) {
            Term[] items = new Term[n];
            for (int i = 0; i < n; i++) {
                items[i] = new Term.Set(CharSet.single(p[i], flags));
            }
            return new Term.Seq(items);
        }
        Term t = alternation();
        if (pos < n) {
            throw error("Unmatched closing ')'", pos - 1);
        }
        return t;
    }

    private Term alternation() {
        Term first = sequence();
        if (pos >= n || p[pos] != '|') {
            return first;
        }
        Term[] alts = {first};
        while (pos < n && p[pos] == '|') {
            pos++;
            Term next = sequence();
            Term[] grown = new Term[alts.length + 1];
            System.arraycopy(alts, 0, grown, 0, alts.length);
            grown[alts.length] = next;
            alts = grown;
        }
        return new Term.Alt(alts);
    }

    private void skipComments() {
        if ((flags & Pattern.COMMENTS) == 0) {
            return;
        }
        while (pos < n) {
            char c = p[pos];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B) {
                pos++;
            } else if (c == '#') {
                while (pos < n && p[pos] != '\n' && p[pos] != '\r') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private Term sequence() {
        Term[] items = new Term[4];
        int count = 0;
        while (true) {
            int before = pos;
            skipComments();
            if (pos >= n) {
                break;
            }
            char c = p[pos];
            if (c == '|' || c == ')') {
                break;
            }
            if (c == '{' && pos > before && pos + 1 < n && p[pos + 1] >= '0' && p[pos + 1] <= '9') {
                // like Java, in COMMENTS mode a counted repetition after white space that
                // follows nothing is ignored
                quantifier(new Term.Seq(new Term[0]));
                continue;
            }
            Term atom = atom();
            if (atom == null) {
                // like Java, a counted repetition right after a flags-only group is ignored
                skipComments();
                if (pos < n && p[pos] == '{') {
                    quantifier(new Term.Seq(new Term[0]));
                }
                continue;
            }
            if (quoted) {
                // \Q...\E applied a following quantifier to its last char itself
                quoted = false;
            } else {
                atom = quantifier(atom);
            }
            if (count == items.length) {
                Term[] grown = new Term[count * 2];
                System.arraycopy(items, 0, grown, 0, count);
                items = grown;
            }
            items[count++] = atom;
        }
        if (count == 1) {
            return items[0];
        }
        Term[] exact = new Term[count];
        System.arraycopy(items, 0, exact, 0, count);
        return new Term.Seq(exact);
    }

    private Term quantifier(Term atom) {
        skipComments();
        if (pos >= n) {
            return atom;
        }
        char c = p[pos];
        int min;
        int max;
        if (c == '*') {
            min = 0;
            max = Integer.MAX_VALUE;
            pos++;
        } else if (c == '+') {
            min = 1;
            max = Integer.MAX_VALUE;
            pos++;
        } else if (c == '?') {
            min = 0;
            max = 1;
            pos++;
        } else if (c == '{') {
            int start = pos;
            pos++;
            if (pos >= n || p[pos] < '0' || p[pos] > '9') {
                throw error("Illegal repetition", start);
            }
            min = number();
            max = min;
            if (pos < n && p[pos] == ',') {
                pos++;
                max = Integer.MAX_VALUE;
                if (pos < n && p[pos] >= '0' && p[pos] <= '9') {
                    max = number();
                }
            }
            if (pos >= n || p[pos] != '}') {
                throw error("Unclosed counted closure", pos);
            }
            pos++;
            if (max < min) {
                throw error("Illegal repetition range", pos - 1);
            }
        } else {
            return atom;
        }
        int kind = Node.GREEDY;
        int beforeModifier = pos;
        skipComments();
        if (pos < n && p[pos] == '?') {
            kind = Node.LAZY;
            pos++;
        } else if (pos < n && p[pos] == '+') {
            kind = Node.POSSESSIVE;
            pos++;
        } else {
            pos = beforeModifier;
        }
        return new Term.Repeat(atom, min, max, kind);
    }

    private int number() {
        long v = 0;
        while (pos < n && p[pos] >= '0' && p[pos] <= '9') {
            v = v * 10 + (p[pos] - '0');
            if (v > Integer.MAX_VALUE) {
                throw error("Illegal repetition range", pos);
            }
            pos++;
        }
        return (int) v;
    }

    private Term atom() {
        char c = p[pos];
        switch (c) {
            case '(':
                pos++;
                return group();
            case '[':
                pos++;
                return new Term.Set(charClass());
            case '.':
                pos++;
                if ((flags & Pattern.DOTALL) != 0) {
                    return new Term.Set(new CharSet.All());
                }
                return new Term.Set(new CharSet.Dot(unixLines()));
            case '^':
                pos++;
                return new Term.Anchor(multiline() ? Node.LINE_BEGIN : Node.BEGIN, unixLines());
            case '$':
                pos++;
                return new Term.Anchor(multiline() ? Node.LINE_END : Node.END, unixLines());
            case '*':
            case '+':
            case '?':
                throw error("Dangling meta character '" + c + "'", pos);
            case '{':
                throw error("Illegal repetition", pos);
            case '\\':
                pos++;
                return escape();
            default:
                pos++;
                return new Term.Set(CharSet.single(c, flags));
        }
    }

    private boolean multiline() {
        return (flags & Pattern.MULTILINE) != 0;
    }

    private boolean unixLines() {
        return (flags & Pattern.UNIX_LINES) != 0;
    }

    /** After '(': a group of any kind, or a flags-only (?i) (returns null). */
    private Term group() {
        int saved = flags;
        int start = pos - 1;
        Term result;
        if (pos < n && p[pos] == '?') {
            pos++;
            if (pos >= n) {
                throw error("Unknown inline modifier", pos);
            }
            char c = p[pos++];
            if (c == ':') {
                result = body(start);
            } else if (c == '=' || c == '!') {
                result = new Term.Look(body(start), true, c == '!');
            } else if (c == '>') {
                result = new Term.Atomic(body(start));
            } else if (c == '<' && pos < n && (p[pos] == '=' || p[pos] == '!')) {
                boolean neg = p[pos++] == '!';
                Term b = body(start);
                if (!b.boundedBehind()) {
                    throw error("Look-behind group does not have an obvious maximum length", pos - 1);
                }
                result = new Term.Look(b, false, neg);
            } else if (c == '<') {
                String name = groupName();
                for (int i = 0; i < names.length; i++) {
                    if (names[i].equals(name)) {
                        throw error("Named capturing group <" + name + "> is already defined", pos - 1);
                    }
                }
                int g = ++groupCount;
                String[] nn = new String[names.length + 1];
                int[] ng = new int[names.length + 1];
                System.arraycopy(names, 0, nn, 0, names.length);
                System.arraycopy(nameGroup, 0, ng, 0, names.length);
                nn[names.length] = name;
                ng[names.length] = g;
                names = nn;
                nameGroup = ng;
                result = new Term.Group(g, body(start));
            } else {
                pos--;
                int f = inlineFlags();
                if (pos < n && p[pos] == ')') {
                    pos++;
                    flags = f;
                    return null;
                }
                if (pos < n && p[pos] == ':') {
                    pos++;
                    flags = f;
                    result = body(start);
                } else {
                    throw error("Unknown inline modifier", pos);
                }
            }
        } else {
            int g = ++groupCount;
            result = new Term.Group(g, body(start));
        }
        flags = saved;
        return result;
    }

    /** A group's alternation and its closing ')'. */
    private Term body(int start) {
        Term t = alternation();
        if (pos >= n || p[pos] != ')') {
            throw error("Unclosed group", n);
        }
        pos++;
        return t;
    }

    /** A group name after '<', consuming the closing '>'. */
    private String groupName() {
        int s = pos;
        while (pos < n && ((p[pos] >= 'a' && p[pos] <= 'z') || (p[pos] >= 'A' && p[pos] <= 'Z')
                || (pos > s && p[pos] >= '0' && p[pos] <= '9'))) {
            pos++;
        }
        if (pos == s) {
            throw error("capturing group name does not start with a Latin letter", pos);
        }
        if (pos >= n || p[pos] != '>') {
            throw error("named capturing group is missing trailing '>'", pos);
        }
        String name = new String(p, s, pos - s);
        pos++;
        return name;
    }

    /** Inline flags such as "i", "s-m": the new flag word. */
    private int inlineFlags() {
        int f = flags;
        boolean on = true;
        while (pos < n) {
            char c = p[pos];
            int bit;
            switch (c) {
                case 'i': bit = Pattern.CASE_INSENSITIVE; break;
                case 'm': bit = Pattern.MULTILINE; break;
                case 's': bit = Pattern.DOTALL; break;
                case 'd': bit = Pattern.UNIX_LINES; break;
                case 'u': bit = Pattern.UNICODE_CASE; break;
                case 'x': bit = Pattern.COMMENTS; break;
                case 'U': bit = Pattern.UNICODE_CHARACTER_CLASS; break;
                case 'c': bit = Pattern.CANON_EQ; break;
                case '-':
                    on = false;
                    pos++;
                    continue;
                default:
                    return f;
            }
            f = on ? f | bit : f & ~bit;
            pos++;
        }
        return f;
    }

    /** After '[': a character class up to and including its ']'. */
    private CharSet charClass() {
        int open = pos - 1;
        boolean negate = false;
        if (pos < n && p[pos] == '^') {
            negate = true;
            pos++;
        }
        CharSet left = null;
        CharSet[] parts = new CharSet[4];
        int count = 0;
        boolean first = true;
        while (true) {
            if (pos >= n) {
                throw error("Unclosed character class", n - 1);
            }
            char c = p[pos];
            if ((flags & Pattern.COMMENTS) != 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
                pos++;
                continue;
            }
            if (c == ']' && !first) {
                pos++;
                break;
            }
            first = false;
            CharSet item;
            if (c == '[') {
                pos++;
                item = charClass();
            } else if (c == '&' && pos + 1 < n && p[pos + 1] == '&') {
                pos += 2;
                CharSet u = union(parts, count);
                if (u != null) {
                    left = left == null ? u : new CharSet.Inter(left, u);
                }
                count = 0;
                continue;
            } else {
                item = rangeOrSingle();
                if (item == null) {
                    continue;
                }
            }
            if (count == parts.length) {
                CharSet[] grown = new CharSet[count * 2];
                System.arraycopy(parts, 0, grown, 0, count);
                parts = grown;
            }
            parts[count++] = item;
        }
        CharSet u = union(parts, count);
        CharSet result;
        if (left == null) {
            result = u;
        } else {
            result = u == null ? left : new CharSet.Inter(left, u);
        }
        if (result == null) {
            result = new CharSet.Not(new CharSet.All());
        }
        return negate ? new CharSet.Not(result) : result;
    }

    private static CharSet union(CharSet[] parts, int count) {
        if (count == 0) {
            return null;
        }
        if (count == 1) {
            return parts[0];
        }
        CharSet[] exact = new CharSet[count];
        System.arraycopy(parts, 0, exact, 0, count);
        return new CharSet.Union(exact);
    }

    /** Inside a class: one char, a range a-z, or an escaped predefined class; null for an empty \Q\E. */
    private CharSet rangeOrSingle() {
        int start = pos;
        char c = p[pos];
        int lo;
        if (c == '\\') {
            pos++;
            Object e = classEscape();
            if (e instanceof CharSet) {
                return (CharSet) e;
            }
            if (e == null) {
                return null;
            }
            lo = ((Character) e).charValue();
        } else {
            pos++;
            lo = c;
        }
        if (pos + 1 < n && p[pos] == '-' && p[pos + 1] != ']' && p[pos + 1] != '[') {
            pos++;
            int hi;
            if (p[pos] == '\\') {
                pos++;
                Object e = classEscape();
                if (!(e instanceof Character)) {
                    throw error("Illegal character range", pos - 1);
                }
                hi = ((Character) e).charValue();
            } else {
                hi = p[pos++];
            }
            if (hi < lo) {
                throw error("Illegal character range", pos - 1);
            }
            return new CharSet.Range((char) lo, (char) hi, flags);
        }
        return CharSet.single((char) lo, flags);
    }

    /** An escape inside a class: a Character, a CharSet, or null for \Q...\E (its chars are added). */
    private Object classEscape() {
        if (pos < n && p[pos] == 'Q') {
            pos++;
            int s = pos;
            while (pos < n && !(p[pos] == '\\' && pos + 1 < n && p[pos + 1] == 'E')) {
                pos++;
            }
            int e = pos;
            pos = Math.min(n, pos + 2);
            if (e == s) {
                return null;
            }
            CharSet[] chars = new CharSet[e - s];
            for (int i = s; i < e; i++) {
                chars[i - s] = CharSet.single(p[i], flags);
            }
            return new CharSet.Union(chars);
        }
        Object r = escapeValue(true);
        return r;
    }

    /** After '\' outside a class. */
    private Term escape() {
        if (pos >= n) {
            throw error("Unexpected internal error", pos);
        }
        char c = p[pos];
        switch (c) {
            case 'Q': {
                pos++;
                int s = pos;
                while (pos < n && !(p[pos] == '\\' && pos + 1 < n && p[pos + 1] == 'E')) {
                    pos++;
                }
                int e = pos;
                pos = Math.min(n, pos + 2);
                if (e == s) {
                    return null;
                }
                Term[] items = new Term[e - s];
                for (int i = s; i < e; i++) {
                    items[i - s] = new Term.Set(CharSet.single(p[i], flags));
                }
                quoted = true;
                int afterQuote = pos;
                skipComments();
                if (pos >= n || !isQuantifier(p[pos])) {
                    pos = afterQuote;
                    return new Term.Seq(items);
                }
                // a quantifier applies to the last quoted char only
                Term[] head = new Term[items.length - 1];
                System.arraycopy(items, 0, head, 0, head.length);
                Term last = quantifier(items[items.length - 1]);
                Term[] all = new Term[items.length];
                System.arraycopy(head, 0, all, 0, head.length);
                all[head.length] = last;
                return new Term.Seq(all);
            }
            case 'b':
                pos++;
                return new Term.Anchor(Node.WORD_BOUNDARY, unixLines());
            case 'B':
                pos++;
                return new Term.Anchor(Node.NOT_WORD_BOUNDARY, unixLines());
            case 'A':
                pos++;
                return new Term.Anchor(Node.INPUT_BEGIN, unixLines());
            case 'z':
                pos++;
                return new Term.Anchor(Node.INPUT_END, unixLines());
            case 'Z':
                pos++;
                return new Term.Anchor(Node.END_BEFORE_TERMINATOR, unixLines());
            case 'G':
                pos++;
                return new Term.Anchor(Node.LAST_MATCH, unixLines());
            case 'k': {
                pos++;
                if (pos >= n || p[pos] != '<') {
                    throw error("\\k is not followed by '<' for named capturing group", pos);
                }
                pos++;
                String name = groupName();
                for (int i = 0; i < names.length; i++) {
                    if (names[i].equals(name)) {
                        return new Term.BackRef(nameGroup[i], flags);
                    }
                }
                throw error("named capturing group <" + name + "> does not exist", pos - 1);
            }
            case 'R': {
                pos++;
                Term crlf = new Term.Seq(new Term[] {
                    new Term.Set(new CharSet.Single('\r')), new Term.Set(new CharSet.Single('\n'))
                });
                Term one = new Term.Set(new CharSet.Builtin(CharSet.VSPACE));
                return new Term.Atomic(new Term.Alt(new Term[] {crlf, one}));
            }
            default:
                break;
        }
        if (c >= '1' && c <= '9') {
            int ref = c - '0';
            pos++;
            while (pos < n && p[pos] >= '0' && p[pos] <= '9') {
                int next = ref * 10 + (p[pos] - '0');
                if (next > groupCount) {
                    break;
                }
                ref = next;
                pos++;
            }
            return new Term.BackRef(ref, flags);
        }
        Object v = escapeValue(false);
        if (v instanceof CharSet) {
            return new Term.Set((CharSet) v);
        }
        return new Term.Set(CharSet.single(((Character) v).charValue(), flags));
    }

    private static boolean isQuantifier(char c) {
        return c == '*' || c == '+' || c == '?' || c == '{';
    }

    private int hex(int count) {
        int v = 0;
        for (int i = 0; i < count; i++) {
            int d = pos < n ? Character.digit(p[pos], 16) : -1;
            if (d < 0) {
                throw error("Illegal hexadecimal escape sequence", pos);
            }
            v = v * 16 + d;
            pos++;
        }
        return v;
    }

    /** After '\': a char escape (a Character) or a predefined class (a CharSet). */
    private Object escapeValue(boolean inClass) {
        if (pos >= n) {
            throw error("Unexpected internal error", pos);
        }
        char c = p[pos++];
        switch (c) {
            case 't': return Character.valueOf('\t');
            case 'n': return Character.valueOf('\n');
            case 'r': return Character.valueOf('\r');
            case 'f': return Character.valueOf('\f');
            case 'a': return Character.valueOf('\u0007');
            case 'e': return Character.valueOf('\u001B');
            case 'd': return new CharSet.Builtin(CharSet.DIGIT);
            case 'D': return new CharSet.Not(new CharSet.Builtin(CharSet.DIGIT));
            case 'w': return new CharSet.Builtin(CharSet.WORD);
            case 'W': return new CharSet.Not(new CharSet.Builtin(CharSet.WORD));
            case 's': return new CharSet.Builtin(CharSet.SPACE);
            case 'S': return new CharSet.Not(new CharSet.Builtin(CharSet.SPACE));
            case 'h': return new CharSet.Builtin(CharSet.HSPACE);
            case 'H': return new CharSet.Not(new CharSet.Builtin(CharSet.HSPACE));
            case 'v': return new CharSet.Builtin(CharSet.VSPACE);
            case 'V': return new CharSet.Not(new CharSet.Builtin(CharSet.VSPACE));
            case 'p':
            case 'P': {
                String name;
                if (pos < n && p[pos] == '{') {
                    int close = regex.indexOf('}', pos);
                    if (close < 0) {
                        throw error("Unclosed character family", n);
                    }
                    name = regex.substring(pos + 1, close);
                    pos = close + 1;
                } else if (pos < n) {
                    name = String.valueOf(p[pos++]);
                } else {
                    throw error("Illegal character family", pos);
                }
                int kind = CharSet.property(name, flags);
                if (kind < 0) {
                    throw error("Unknown character property name {" + name + "}", pos - 1);
                }
                CharSet s = new CharSet.Builtin(kind);
                return c == 'P' ? new CharSet.Not(s) : s;
            }
            case 'x': {
                if (pos < n && p[pos] == '{') {
                    pos++;
                    int v = 0;
                    int s = pos;
                    while (pos < n && p[pos] != '}') {
                        int d = Character.digit(p[pos], 16);
                        if (d < 0 || v > 0xFFFF) {
                            throw error("Illegal hexadecimal escape sequence", pos);
                        }
                        v = v * 16 + d;
                        pos++;
                    }
                    if (pos >= n || pos == s || v > 0xFFFF) {
                        throw error("Unclosed hexadecimal escape sequence", pos);
                    }
                    pos++;
                    return Character.valueOf((char) v);
                }
                return Character.valueOf((char) hex(2));
            }
            case 'u':
                return Character.valueOf((char) hex(4));
            case '0': {
                int v = 0;
                int digits = 0;
                while (pos < n && p[pos] >= '0' && p[pos] <= '7' && digits < 3) {
                    int next = v * 8 + (p[pos] - '0');
                    if (digits == 2 && v > 037) {
                        break;
                    }
                    v = next;
                    digits++;
                    pos++;
                }
                if (digits == 0) {
                    throw error("Illegal octal escape sequence", pos);
                }
                return Character.valueOf((char) v);
            }
            case 'c':
                if (pos >= n) {
                    throw error("Illegal control escape sequence", pos);
                }
                return Character.valueOf((char) (p[pos++] ^ 64));
            default:
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9' && inClass)) {
                    throw error("Illegal/unsupported escape sequence", pos - 1);
                }
                return Character.valueOf(c);
        }
    }
}
