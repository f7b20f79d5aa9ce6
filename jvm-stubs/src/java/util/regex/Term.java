package java.util.regex;

/**
 * jsymex model: the parsed form of a regex (a tree), turned into the {@link Node} graph by
 * {@link #compile}, which builds each term in front of its continuation.
 */
abstract class Term {

    /** The nodes matching this term, followed by {@code next}. */
    abstract Node compile(Node next, Parser p);

    /**
     * Whether Java accepts this term inside a lookbehind: no backreference and no repetition
     * of a sub-pattern beyond '?' (single chars, alone or in a capturing group, may repeat).
     */
    boolean boundedBehind() {
        return true;
    }

    /** The number of chars every match of this term spans, or -1 when it varies. */
    int width() {
        return -1;
    }

    /** Links {@code n} to {@code next} and returns it. */
    static Node link(Node n, Node next) {
        n.next = next;
        return n;
    }

    /** One char out of a set. */
    static final class Set extends Term {
        final CharSet set;

        Set(CharSet set) {
            this.set = set;
        }

        int width() {
            return 1;
        }

        Node compile(Node next, Parser p) {
            return link(new Node.One(set), next);
        }
    }

    /** Terms one after the other. */
    static final class Seq extends Term {
        final Term[] items;

        Seq(Term[] items) {
            this.items = items;
        }

        int width() {
            int w = 0;
            for (int i = 0; i < items.length; i++) {
                int k = items[i].width();
                if (k < 0) {
                    return -1;
                }
                w += k;
            }
            return w;
        }

        boolean boundedBehind() {
            for (int i = 0; i < items.length; i++) {
                if (!items[i].boundedBehind()) {
                    return false;
                }
            }
            return true;
        }

        Node compile(Node next, Parser p) {
            Node n = next;
            for (int i = items.length - 1; i >= 0; i--) {
                n = items[i].compile(n, p);
            }
            return n;
        }
    }

    /** Alternatives, tried left to right. */
    static final class Alt extends Term {
        final Term[] alts;

        Alt(Term[] alts) {
            this.alts = alts;
        }

        int width() {
            int w = alts[0].width();
            for (int i = 1; i < alts.length; i++) {
                if (alts[i].width() != w) {
                    return -1;
                }
            }
            return w;
        }

        boolean boundedBehind() {
            for (int i = 0; i < alts.length; i++) {
                if (!alts[i].boundedBehind()) {
                    return false;
                }
            }
            return true;
        }

        Node compile(Node next, Parser p) {
            Node[] nodes = new Node[alts.length];
            for (int i = 0; i < alts.length; i++) {
                nodes[i] = alts[i].compile(next, p);
            }
            return new Node.Branch(nodes);
        }
    }

    /** A capturing group. */
    static final class Group extends Term {
        final int n;
        final Term body;

        Group(int n, Term body) {
            this.n = n;
            this.body = body;
        }

        int width() {
            return body.width();
        }

        boolean boundedBehind() {
            return body.boundedBehind();
        }

        Node compile(Node next, Parser p) {
            Node tail = link(new Node.GroupTail(n), next);
            return link(new Node.GroupHead(n), body.compile(tail, p));
        }
    }

    /** A quantified term. */
    static final class Repeat extends Term {
        final Term body;
        final int min;
        final int max;
        final int kind;

        Repeat(Term body, int min, int max, int kind) {
            this.body = body;
            this.min = min;
            this.max = max;
            this.kind = kind;
        }

        int width() {
            int w = body.width();
            return w >= 0 && min == max && (long) w * min <= Integer.MAX_VALUE ? w * min : -1;
        }

        boolean boundedBehind() {
            if (body instanceof Set || body instanceof Anchor || body instanceof Look) {
                return true;
            }
            if (body instanceof Group && ((Group) body).body instanceof Set) {
                return true;
            }
            return max <= 1 && body.boundedBehind();
        }

        Node compile(Node next, Parser p) {
            if (max == 0 || (min == 0 && max > 1 && kind != Node.POSSESSIVE && body instanceof Group
                    && body.width() == 0)) {
                // like Java, a greedy or lazy loop never records an iteration of a group that can
                // only match empty ('?' and possessive loops do)
                return next;
            }
            if (body instanceof Set) {
                return link(new Node.CharRepeat(((Set) body).set, min, max, kind), next);
            }
            if (kind == Node.POSSESSIVE) {
                int slot = p.slots(1);
                Node b = body.compile(new Node.Mark(slot, false), p);
                return link(new Node.PossessiveLoop(b, min, max, slot), next);
            }
            Node.Loop loop = new Node.Loop(min, max, kind, p.slots(3));
            loop.next = next;
            loop.body = body.compile(new Node.LoopTail(loop), p);
            return loop;
        }
    }

    /** An atomic group (?>X). */
    static final class Atomic extends Term {
        final Term body;

        Atomic(Term body) {
            this.body = body;
        }

        boolean boundedBehind() {
            return body.boundedBehind();
        }

        Node compile(Node next, Parser p) {
            int slot = p.slots(1);
            Node body = this.body.compile(new Node.Mark(slot, false), p);
            return link(new Node.Atomic(body, slot), next);
        }
    }

    /** A lookaround. */
    static final class Look extends Term {
        final Term body;
        final boolean ahead;
        final boolean negative;

        Look(Term body, boolean ahead, boolean negative) {
            this.body = body;
            this.ahead = ahead;
            this.negative = negative;
        }

        int width() {
            return 0;
        }

        Node compile(Node next, Parser p) {
            int slot = p.slots(1);
            Node body = this.body.compile(new Node.Mark(slot, !ahead), p);
            return link(new Node.Look(body, ahead, negative, slot), next);
        }
    }

    /** An anchor or boundary. */
    static final class Anchor extends Term {
        final int kind;
        final boolean unixLines;

        Anchor(int kind, boolean unixLines) {
            this.kind = kind;
            this.unixLines = unixLines;
        }

        int width() {
            return 0;
        }

        Node compile(Node next, Parser p) {
            return link(new Node.Anchor(kind, unixLines), next);
        }
    }

    /** A backreference to group {@code n}. */
    static final class BackRef extends Term {
        final int n;
        final int flags;

        BackRef(int n, int flags) {
            this.n = n;
            this.flags = flags;
        }

        boolean boundedBehind() {
            return false;
        }

        Node compile(Node next, Parser p) {
            return link(new Node.BackRef(n, flags), next);
        }
    }
}
