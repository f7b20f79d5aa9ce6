/*
 * print_tokens: the Siemens suite's table-driven lexical analyser, written afresh in Java from
 * the program's known behaviour. It splits a character stream into tokens (keywords lambda,
 * and, or, if, xor, =>; identifiers; numbers; strings; #-character constants; the special
 * symbols ( ) [ ] ' ` ,), skips ;-comments, and prints one line per token.
 *
 * Same functions, branches, loops and arrays as the C program: the line-buffered character
 * stream (open_character_stream, get_char with fgets into stream[START..], unget_char,
 * is_end_of_character_stream), get_token's DFA loop with the keyword / special / constant /
 * comment cases, numeric_case, error_or_eof_case, check_delimiter, keyword, special, skip,
 * constant, next_state (comb-compressed transition tables base/default1/next/check indexed by
 * state + input character, falling back through default1), is_eof_token, print_token and
 * get_actual_token. State numbers are the C program's (6/9/11/13/16 the keywords, 17
 * identifier, 18 number, 19-25 the special symbols, 27 string, 29 character constant, 30
 * comment, 32 "=>"); the tables are this file's own encoding of that automaton (built by
 * first-fit packing of the rows): the start state skips blanks, tabs and newlines; a string
 * runs to the next double quote (a newline inside is an error); '#' followed by a letter is a
 * character constant; -1/-2/-3 are the error-or-EOF, numeric and identifier exits.
 *
 * Adapted: the C char arrays that can hold EOF (the line buffer and the token text) are
 * int arrays so that EOF keeps its C value -1 (base[state] + ch relies on it); the input file
 * is a char[] read by an fgets emulation; ctype's isalpha/isdigit/isspace are ASCII tests;
 * stdout is a StringBuilder returned by main; exit(0) in keyword()/special() (unreachable)
 * throws IllegalStateException.
 */
package print_tokens;

public final class PrintTokens {
    static final int START = 5;
    static final int TRUE = 1;
    static final int FALSE = 0;
    static final int EOF = -1;

    // tokens.h: token ids are the DFA's final states.
    static final int ERROR = -1;
    static final int EOTSTREAM = 0;
    static final int LAMBDA = 6;
    static final int AND = 9;
    static final int OR = 11;
    static final int IF = 13;
    static final int XOR = 16;
    static final int IDENTIFIER = 17;
    static final int NUMERIC = 18;
    static final int LPAREN = 19;
    static final int RPAREN = 20;
    static final int LSQUARE = 21;
    static final int RSQUARE = 22;
    static final int QUOTE = 23;
    static final int BQUOTE = 24;
    static final int COMMA = 25;
    static final int STRING_CONSTANT = 27;
    static final int CHARACTER_CONSTANT = 29;
    static final int EQUALGREATER = 32;

    // stream.h: the DFA tables.
    static final int[] base = {
        120, 44, 33, 45, 44, 48, 0, 36, 47, 0, 34, 0, 47, 0, 39, 37,
        0, 195, 83, 0, 0, 0, 0, 0, 0, 0, 1, 0, 253, 0, 0, 91,
        0,
    };
    static final int[] default1 = {
        -1, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17,
        17, -3, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1,
    };
    static final int[] next = {
        0, 0, 26, 26, 26, 26, 26, 26, 26, 26, 26, -1, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 27, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 0, 0, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 2, 3, 4,
        5, 6, 8, 9, 11, 13, 15, 16, 0, 32, 26, 28, 0, 0, 0, 23,
        19, 20, 0, 0, 25, 0, 0, 0, 18, 18, 18, 18, 18, 18, 18, 18,
        18, 18, 0, 30, 0, 31, 0, 0, 0, 17, 17, 17, 17, 17, 17, 17,
        17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17,
        17, 17, 17, 21, 0, 22, 0, 0, 24, 7, 17, 17, 17, 17, 17, 17,
        17, 12, 17, 17, 1, 17, 17, 10, 17, 17, 17, 17, 17, 17, 17, 17,
        14, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 0, 0, 0,
        0, 0, 0, 0, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17,
        17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 0, 0,
        0, 0, 0, 0, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17,
        17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 29, 29,
        29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29,
        29, 29, 29, 29, 29, 29, 29, 29, 0, 0, 0, 0, 0, 0, 29, 29,
        29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29,
        29, 29, 29, 29, 29, 29, 29, 29, 0, 0, 0, 0, 0,
    };
    static final int[] check = {
        -1, -1, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
        26, 0, 0, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 1, 2, 3,
        4, 5, 7, 8, 10, 12, 14, 15, 0, 31, 0, 0, -1, -1, -1, 0,
        0, 0, -1, -1, 0, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, -1, 0, -1, 0, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, -1, 0, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, -1, -1, -1,
        -1, -1, -1, -1, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17,
        17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, -1, -1,
        -1, -1, -1, -1, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17,
        17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, -1, -1, -1, -1, -1, -1, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, -1, -1, -1, -1, -1,
    };

    /** struct stream_type: the file, the line buffer and its index. */
    static final class CharacterStream {
        char[] fp;
        int fpos;
        int stream_ind;
        final int[] stream = new int[80];
    }

    /** struct token_type. */
    static final class Token {
        int token_id;
        final int[] token_string = new int[80];
    }

    /** struct token_stream_type. */
    static final class TokenStream {
        CharacterStream ch_stream;
    }

    private final StringBuilder out = new StringBuilder();

    // ---- C library emulation ------------------------------------------------------------

    /** fgets(s + off, n, fp): at most n - 1 characters, up to and including a newline. */
    static boolean fgets(int[] s, int off, int n, CharacterStream fp) {
        if (fp.fpos >= fp.fp.length) {
            return false;
        }
        int k = 0;
        while (k < n - 1 && fp.fpos < fp.fp.length) {
            char c = fp.fp[fp.fpos++];
            s[off + k] = c;
            k++;
            if (c == '\n') {
                break;
            }
        }
        s[off + k] = '\0';
        return true;
    }

    static boolean isalpha(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isdigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean isspace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 11 || c == 12 || c == '\r';
    }

    static void strcpy(int[] dst, int[] src) {
        int k = 0;
        while (src[k] != '\0') {
            dst[k] = src[k];
            k++;
        }
        dst[k] = '\0';
    }

    private void printString(int[] s) {
        for (int k = 0; s[k] != '\0'; k++) {
            out.append((char) s[k]);
        }
    }

    // ---- the program --------------------------------------------------------------------

    static CharacterStream open_character_stream(char[] file) {
        CharacterStream stream_ptr = new CharacterStream();
        stream_ptr.stream_ind = START;
        stream_ptr.stream[START] = '\0';
        stream_ptr.fp = file;
        stream_ptr.fpos = 0;
        return stream_ptr;
    }

    static int get_char(CharacterStream stream_ptr) {
        if (stream_ptr.stream[stream_ptr.stream_ind] == '\0') {
            if (!fgets(stream_ptr.stream, START, 80 - START, stream_ptr)) {
                stream_ptr.stream[START] = EOF;
            }
            stream_ptr.stream_ind = START;
        }
        return stream_ptr.stream[stream_ptr.stream_ind++];
    }

    static boolean is_end_of_character_stream(CharacterStream stream_ptr) {
        if (stream_ptr.stream[stream_ptr.stream_ind - 1] == EOF) {
            return true;
        } else {
            return false;
        }
    }

    static void unget_char(int ch, CharacterStream stream_ptr) {
        if (stream_ptr.stream_ind == 0) {
            return;
        } else {
            stream_ptr.stream[--stream_ptr.stream_ind] = ch;
        }
    }

    static TokenStream open_token_stream(char[] file) {
        TokenStream token_ptr = new TokenStream();
        token_ptr.ch_stream = open_character_stream(file);
        return token_ptr;
    }

    static Token get_token(TokenStream tstream_ptr) {
        int[] token_str = new int[80];
        int token_ind;
        Token token_ptr;
        int ch;
        int cu_state, next_st, token_found;

        token_ptr = new Token();
        ch = get_char(tstream_ptr.ch_stream);
        cu_state = token_ind = token_found = 0;
        while (token_found == 0) {
            if (token_ind < 80) {
                token_str[token_ind++] = ch;
                next_st = next_state(cu_state, ch);
            } else {
                next_st = -1;
            }
            if (next_st == -1) {
                return error_or_eof_case(tstream_ptr, token_ptr, cu_state, token_str, token_ind, ch);
            } else if (next_st == -2) {
                return numeric_case(tstream_ptr, token_ptr, ch, token_str, token_ind);
            } else if (next_st == -3) {
                token_ptr.token_id = IDENTIFIER;
                unget_char(ch, tstream_ptr.ch_stream);
                token_ind--;
                get_actual_token(token_str, token_ind);
                strcpy(token_ptr.token_string, token_str);
                return token_ptr;
            }

            switch (next_st) {
                default:
                    break;
                case 6:
                case 9:
                case 11:
                case 13:
                case 16:
                    ch = get_char(tstream_ptr.ch_stream);
                    if (check_delimiter(ch) == TRUE) {
                        token_ptr.token_id = keyword(next_st);
                        unget_char(ch, tstream_ptr.ch_stream);
                        token_ptr.token_string[0] = '\0';
                        return token_ptr;
                    }
                    unget_char(ch, tstream_ptr.ch_stream);
                    break;
                case 19:
                case 20:
                case 21:
                case 22:
                case 23:
                case 24:
                case 25:
                case 32:
                    token_ptr.token_id = special(next_st);
                    token_ptr.token_string[0] = '\0';
                    return token_ptr;
                case 27:
                case 29:
                    token_ptr.token_id = constant(next_st, token_str, token_ind);
                    get_actual_token(token_str, token_ind);
                    strcpy(token_ptr.token_string, token_str);
                    return token_ptr;
                case 30:
                    skip(tstream_ptr.ch_stream);
                    token_ind = next_st = 0;
                    break;
            }
            cu_state = next_st;
            ch = get_char(tstream_ptr.ch_stream);
        }
        return token_ptr;
    }

    static Token numeric_case(TokenStream tstream_ptr, Token token_ptr, int ch, int[] token_str, int token_ind) {
        if (check_delimiter(ch) != TRUE) {
            token_ptr.token_id = ERROR;
            while (check_delimiter(ch) == FALSE) {
                if (token_ind >= 80) {
                    break;
                }
                token_str[token_ind++] = ch = get_char(tstream_ptr.ch_stream);
            }
            unget_char(ch, tstream_ptr.ch_stream);
            token_ind--;
            get_actual_token(token_str, token_ind);
            strcpy(token_ptr.token_string, token_str);
            return token_ptr;
        }
        token_ptr.token_id = NUMERIC;
        unget_char(ch, tstream_ptr.ch_stream);
        token_ind--;
        get_actual_token(token_str, token_ind);
        strcpy(token_ptr.token_string, token_str);
        return token_ptr;
    }

    static Token error_or_eof_case(TokenStream tstream_ptr, Token token_ptr, int cu_state, int[] token_str, int token_ind, int ch) {
        if (is_end_of_character_stream(tstream_ptr.ch_stream)) {
            token_ptr.token_id = EOTSTREAM;
            token_ptr.token_string[0] = '\0';
            return token_ptr;
        }
        if (cu_state != 0) {
            unget_char(ch, tstream_ptr.ch_stream);
            token_ind--;
        }
        token_ptr.token_id = ERROR;
        get_actual_token(token_str, token_ind);
        strcpy(token_ptr.token_string, token_str);
        return token_ptr;
    }

    static int check_delimiter(int ch) {
        if (!isalpha(ch) && !isdigit(ch)) {
            return TRUE;
        }
        return FALSE;
    }

    static int keyword(int state) {
        switch (state) {
            case 6:
                return LAMBDA;
            case 9:
                return AND;
            case 11:
                return OR;
            case 13:
                return IF;
            case 16:
                return XOR;
            default:
                break;
        }
        throw new IllegalStateException("error");
    }

    static int special(int state) {
        switch (state) {
            case 19:
                return LPAREN;
            case 20:
                return RPAREN;
            case 21:
                return LSQUARE;
            case 22:
                return RSQUARE;
            case 23:
                return QUOTE;
            case 24:
                return BQUOTE;
            case 25:
                return COMMA;
            case 32:
                return EQUALGREATER;
            default:
                break;
        }
        throw new IllegalStateException("error");
    }

    static void skip(CharacterStream stream_ptr) {
        int c;
        while ((c = get_char(stream_ptr)) != '\n' && !is_end_of_character_stream(stream_ptr)) {
            // skip the characters until EOF or EOL
        }
        if (c == EOF) {
            unget_char(c, stream_ptr);
        }
    }

    static int constant(int state, int[] token_str, int token_ind) {
        switch (state) {
            case 27:
                return STRING_CONSTANT;
            case 29:
                token_str[token_ind - 2] = ' ';
                return CHARACTER_CONSTANT;
            default:
                break;
        }
        return 0;
    }

    static int next_state(int state, int ch) {
        if (state < 0) {
            return state;
        }
        if (base[state] + ch >= 0) {
            if (check[base[state] + ch] == state) {
                return next[base[state] + ch];
            } else {
                return next_state(default1[state], ch);
            }
        } else {
            return next_state(default1[state], ch);
        }
    }

    static boolean is_eof_token(Token t) {
        if (t.token_id == EOTSTREAM) {
            return true;
        }
        return false;
    }

    boolean print_token(Token token_ptr) {
        switch (token_ptr.token_id) {
            case ERROR:
                out.append("error,\t\"");
                printString(token_ptr.token_string);
                out.append("\".\n");
                return true;
            case EOTSTREAM:
                out.append("eof.\n");
                return true;
            case 6:
                out.append("keyword,\t\"lambda\".\n");
                return true;
            case 9:
                out.append("keyword,\t\"and\".\n");
                return true;
            case 11:
                out.append("keyword,\t\"or\".\n");
                return true;
            case 13:
                out.append("keyword,\t\"if\".\n");
                return true;
            case 16:
                out.append("keyword,\t\"xor\".\n");
                return true;
            case 17:
                out.append("identifier,\t\"");
                printString(token_ptr.token_string);
                out.append("\".\n");
                return true;
            case 18:
                out.append("numeric,\t");
                printString(token_ptr.token_string);
                out.append(".\n");
                return true;
            case 19:
                out.append("lparen.\n");
                return true;
            case 20:
                out.append("rparen.\n");
                return true;
            case 21:
                out.append("lsquare.\n");
                return true;
            case 22:
                out.append("rsquare.\n");
                return true;
            case 23:
                out.append("quote.\n");
                return true;
            case 24:
                out.append("bquote.\n");
                return true;
            case 25:
                out.append("comma.\n");
                return true;
            case 27:
                out.append("string,\t");
                printString(token_ptr.token_string);
                out.append(".\n");
                return true;
            case 29:
                out.append("character,\t\"");
                printString(token_ptr.token_string);
                out.append("\".\n");
                return true;
            case 32:
                out.append("keyword,\t\"=>\".\n");
                return true;
            default:
                break;
        }
        return false;
    }

    static void get_actual_token(int[] token_str, int token_ind) {
        int ind, start;
        for (ind = token_ind; ind > 0 && isspace(token_str[ind - 1]); --ind) {
            // delete the trailing white space
        }
        token_str[ind] = '\0';
        token_ind = ind;
        for (ind = 0; ind < token_ind; ++ind) {
            if (!isspace(token_str[ind])) {
                break;
            }
        }
        for (start = 0; ind <= token_ind; ++start, ++ind) {
            token_str[start] = token_str[ind];
        }
    }

    /** main() on a token stream given as the file's characters: returns what it prints. */
    public static String main(char[] file) {
        PrintTokens p = new PrintTokens();
        Token token_ptr;
        TokenStream stream_ptr = open_token_stream(file);
        while (!is_eof_token(token_ptr = get_token(stream_ptr))) {
            p.print_token(token_ptr);
        }
        p.print_token(token_ptr);
        return p.out.toString();
    }
}
