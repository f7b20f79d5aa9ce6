/*
 * replace: the Siemens suite's pattern matching and substitution program (Software Tools'
 * "change": replace every match of a regular pattern in each input line by a substitution
 * string), written afresh in Java from the program's known behaviour.
 *
 * Same functions, branches, loops and arrays as the C program: addstr, esc, dodash, getccl,
 * stclose, in_set_2, in_pat_set, makepat, getpat, makesub, getsub, locate, omatch, patsize,
 * amatch, putsub, subline, change. Pattern codes: LITCHAR 'c', BOL '%', EOL '$', ANY '?',
 * CCL '[', NCCL '!', CLOSURE '*'; escape '@' ("@n" newline, "@t" tab); '&' in the
 * substitution is the matched text (DITTO). Kept quirks of the Siemens base version: dodash
 * tests the character *before* the current one for the escape (src[i-1] == ESCAPE), and a
 * closure of %, $ or another closure makes the pattern illegal.
 *
 * Adapted: C pointers to ints (int *i, int *j) are one-element int arrays; C strings are
 * NUL-terminated char arrays of MAXSTR characters; DITTO (-1 in a signed C char) is '\uffff';
 * stdout is a StringBuilder; the command-line arguments and stdin are parameters (one input
 * line); the exit paths return the message the C program prints; abort() on "can't happen"
 * throws IllegalStateException.
 */
package replace;

public final class Replace {
    static final int MAXSTR = 100;
    static final int MAXPAT = MAXSTR;

    static final char ENDSTR = '\0';
    static final char ESCAPE = '@';
    static final char CLOSURE = '*';
    static final char BOL = '%';
    static final char EOL = '$';
    static final char ANY = '?';
    static final char CCL = '[';
    static final char CCLEND = ']';
    static final char NEGATE = '^';
    static final char NCCL = '!';
    static final char LITCHAR = 'c';
    static final char DITTO = '\uffff';
    static final char DASH = '-';

    static final char TAB = 9;
    static final char NEWLINE = 10;

    static final int CLOSIZE = 1;

    private final StringBuilder out = new StringBuilder();

    private void fputc(char c) {
        out.append(c);
    }

    static boolean addstr(char c, char[] outset, int[] j, int maxset) {
        boolean result;
        if (j[0] >= maxset) {
            result = false;
        } else {
            outset[j[0]] = c;
            j[0] = j[0] + 1;
            result = true;
        }
        return result;
    }

    static char esc(char[] s, int[] i) {
        char result;
        if (s[i[0]] != ESCAPE) {
            result = s[i[0]];
        } else if (s[i[0] + 1] == ENDSTR) {
            result = ESCAPE;
        } else {
            i[0] = i[0] + 1;
            if (s[i[0]] == 'n') {
                result = NEWLINE;
            } else if (s[i[0]] == 't') {
                result = TAB;
            } else {
                result = s[i[0]];
            }
        }
        return result;
    }

    static boolean isalnum(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    static void dodash(char delim, char[] src, int[] i, char[] dest, int[] j, int maxset) {
        int k;
        boolean junk;
        char escjunk;

        while (src[i[0]] != delim && src[i[0]] != ENDSTR) {
            if (src[i[0] - 1] == ESCAPE) {
                escjunk = esc(src, i);
                junk = addstr(escjunk, dest, j, maxset);
            } else if (src[i[0]] != DASH) {
                junk = addstr(src[i[0]], dest, j, maxset);
            } else if (j[0] <= 1 || src[i[0] + 1] == ENDSTR) {
                junk = addstr(DASH, dest, j, maxset);
            } else if (isalnum(src[i[0] - 1]) && isalnum(src[i[0] + 1]) && src[i[0] - 1] <= src[i[0] + 1]) {
                for (k = src[i[0] - 1] + 1; k <= src[i[0] + 1]; k++) {
                    junk = addstr((char) k, dest, j, maxset);
                }
                i[0] = i[0] + 1;
            } else {
                junk = addstr(DASH, dest, j, maxset);
            }
            i[0] = i[0] + 1;
        }
    }

    static boolean getccl(char[] arg, int[] i, char[] pat, int[] j) {
        int jstart;
        boolean junk;

        i[0] = i[0] + 1;
        if (arg[i[0]] == NEGATE) {
            junk = addstr(NCCL, pat, j, MAXPAT);
            i[0] = i[0] + 1;
        } else {
            junk = addstr(CCL, pat, j, MAXPAT);
        }
        jstart = j[0];
        junk = addstr((char) 0, pat, j, MAXPAT);
        dodash(CCLEND, arg, i, pat, j, MAXPAT);
        pat[jstart] = (char) (j[0] - jstart - 1);
        return arg[i[0]] == CCLEND;
    }

    static void stclose(char[] pat, int[] j, int lastj) {
        int[] jt = new int[1];
        int jp;
        boolean junk;

        for (jp = j[0] - 1; jp >= lastj; jp--) {
            jt[0] = jp + CLOSIZE;
            junk = addstr(pat[jp], pat, jt, MAXPAT);
        }
        j[0] = j[0] + CLOSIZE;
        pat[lastj] = CLOSURE;
    }

    static boolean in_set_2(char c) {
        return c == BOL || c == EOL || c == CLOSURE;
    }

    static boolean in_pat_set(char c) {
        return c == LITCHAR || c == BOL || c == EOL || c == ANY || c == CCL || c == NCCL || c == CLOSURE;
    }

    static int makepat(char[] arg, int start, char delim, char[] pat) {
        int result;
        int[] i = new int[1];
        int[] j = new int[1];
        int lastj, lj;
        boolean done, junk;
        boolean getres;
        char escjunk;

        j[0] = 0;
        i[0] = start;
        lastj = 0;
        done = false;
        while (!done && arg[i[0]] != delim && arg[i[0]] != ENDSTR) {
            lj = j[0];
            if (arg[i[0]] == ANY) {
                junk = addstr(ANY, pat, j, MAXPAT);
            } else if (arg[i[0]] == BOL && i[0] == start) {
                junk = addstr(BOL, pat, j, MAXPAT);
            } else if (arg[i[0]] == EOL && arg[i[0] + 1] == delim) {
                junk = addstr(EOL, pat, j, MAXPAT);
            } else if (arg[i[0]] == CCL) {
                getres = getccl(arg, i, pat, j);
                done = !getres;
            } else if (arg[i[0]] == CLOSURE && i[0] > start) {
                lj = lastj;
                if (in_set_2(pat[lj])) {
                    done = true;
                } else {
                    stclose(pat, j, lastj);
                }
            } else {
                junk = addstr(LITCHAR, pat, j, MAXPAT);
                escjunk = esc(arg, i);
                junk = addstr(escjunk, pat, j, MAXPAT);
            }
            lastj = lj;
            if (!done) {
                i[0] = i[0] + 1;
            }
        }
        junk = addstr(ENDSTR, pat, j, MAXPAT);
        if (done || arg[i[0]] != delim) {
            result = 0;
        } else if (!junk) {
            result = 0;
        } else {
            result = i[0];
        }
        return result;
    }

    static boolean getpat(char[] arg, char[] pat) {
        int makeres = makepat(arg, 0, ENDSTR, pat);
        return makeres > 0;
    }

    static int makesub(char[] arg, int from, char delim, char[] sub) {
        int result;
        int[] i = new int[1];
        int[] j = new int[1];
        boolean junk;
        char escjunk;

        j[0] = 0;
        i[0] = from;
        while (arg[i[0]] != delim && arg[i[0]] != ENDSTR) {
            if (arg[i[0]] == '&') {
                junk = addstr(DITTO, sub, j, MAXPAT);
            } else {
                escjunk = esc(arg, i);
                junk = addstr(escjunk, sub, j, MAXPAT);
            }
            i[0] = i[0] + 1;
        }
        if (arg[i[0]] != delim) {
            result = 0;
        } else {
            junk = addstr(ENDSTR, sub, j, MAXPAT);
            if (!junk) {
                result = 0;
            } else {
                result = i[0];
            }
        }
        return result;
    }

    static boolean getsub(char[] arg, char[] sub) {
        int makeres = makesub(arg, 0, ENDSTR, sub);
        return makeres > 0;
    }

    static boolean locate(char c, char[] pat, int offset) {
        int i;
        boolean flag = false;
        i = offset + pat[offset];
        while (i > offset) {
            if (c == pat[i]) {
                flag = true;
                i = offset;
            } else {
                i = i - 1;
            }
        }
        return flag;
    }

    static boolean omatch(char[] lin, int[] i, char[] pat, int j) {
        int advance = -1;
        boolean result;
        if (lin[i[0]] == ENDSTR) {
            result = false;
        } else {
            if (!in_pat_set(pat[j])) {
                throw new IllegalStateException("in omatch: can't happen");
            }
            switch (pat[j]) {
                case LITCHAR:
                    if (lin[i[0]] == pat[j + 1]) {
                        advance = 1;
                    }
                    break;
                case BOL:
                    if (i[0] == 0) {
                        advance = 0;
                    }
                    break;
                case ANY:
                    if (lin[i[0]] != NEWLINE) {
                        advance = 1;
                    }
                    break;
                case EOL:
                    if (lin[i[0]] == NEWLINE) {
                        advance = 0;
                    }
                    break;
                case CCL:
                    if (locate(lin[i[0]], pat, j + 1)) {
                        advance = 1;
                    }
                    break;
                case NCCL:
                    if (lin[i[0]] != NEWLINE && !locate(lin[i[0]], pat, j + 1)) {
                        advance = 1;
                    }
                    break;
                default:
                    throw new IllegalStateException("Missing case limb");
            }
        }
        if (advance >= 0) {
            i[0] = i[0] + advance;
            result = true;
        } else {
            result = false;
        }
        return result;
    }

    static int patsize(char[] pat, int n) {
        int size;
        if (!in_pat_set(pat[n])) {
            throw new IllegalStateException("in patsize: can't happen");
        }
        switch (pat[n]) {
            case LITCHAR:
                size = 2;
                break;
            case BOL:
            case EOL:
            case ANY:
                size = 1;
                break;
            case CCL:
            case NCCL:
                size = pat[n + 1] + 2;
                break;
            case CLOSURE:
                size = CLOSIZE;
                break;
            default:
                throw new IllegalStateException("Missing case limb");
        }
        return size;
    }

    static int amatch(char[] lin, int offset, char[] pat, int j) {
        int[] i = new int[1];
        int k = 0;
        boolean result, done;

        done = false;
        while (!done && pat[j] != ENDSTR) {
            if (pat[j] == CLOSURE) {
                j = j + patsize(pat, j);
                i[0] = offset;
                while (!done && lin[i[0]] != ENDSTR) {
                    result = omatch(lin, i, pat, j);
                    if (!result) {
                        done = true;
                    }
                }
                done = false;
                while (!done && i[0] >= offset) {
                    k = amatch(lin, i[0], pat, j + patsize(pat, j));
                    if (k >= 0) {
                        done = true;
                    } else {
                        i[0] = i[0] - 1;
                    }
                }
                offset = k;
                done = true;
            } else {
                int[] off = {offset};
                result = omatch(lin, off, pat, j);
                offset = off[0];
                if (!result) {
                    offset = -1;
                    done = true;
                } else {
                    j = j + patsize(pat, j);
                }
            }
        }
        return offset;
    }

    void putsub(char[] lin, int s1, int s2, char[] sub) {
        int i = 0;
        int j;
        while (sub[i] != ENDSTR) {
            if (sub[i] == DITTO) {
                for (j = s1; j < s2; j++) {
                    fputc(lin[j]);
                }
            } else {
                fputc(sub[i]);
            }
            i = i + 1;
        }
    }

    void subline(char[] lin, char[] pat, char[] sub) {
        int i, lastm, m;
        lastm = -1;
        i = 0;
        while (lin[i] != ENDSTR) {
            m = amatch(lin, i, pat, 0);
            if (m >= 0 && lastm != m) {
                putsub(lin, i, m, sub);
                lastm = m;
            }
            if (m == -1 || m == i) {
                fputc(lin[i]);
                i = i + 1;
            } else {
                i = m;
            }
        }
    }

    /** change(): every input line through subline (the lines are given, each NUL-terminated). */
    void change(char[] pat, char[] sub, char[][] lines) {
        for (int n = 0; n < lines.length; n++) {
            subline(lines[n], pat, sub);
        }
    }

    /**
     * main(argc, argv) with argv = {"replace", from, to} and stdin = lines: returns what the
     * program prints. A null {@code to} is the two-argument call (empty substitution).
     */
    public static String main(char[] from, char[] to, char[][] lines) {
        Replace r = new Replace();
        char[] pat = new char[MAXSTR];
        char[] sub = new char[MAXSTR];
        boolean result = getpat(from, pat);
        if (!result) {
            r.out.append("change: illegal \"from\" pattern\n");
            return r.out.toString();
        }
        if (to != null) {
            result = getsub(to, sub);
            if (!result) {
                r.out.append("change: illegal \"to\" string\n");
                return r.out.toString();
            }
        } else {
            sub[0] = ENDSTR;
        }
        r.change(pat, sub, lines);
        return r.out.toString();
    }
}
