/*
 * print_tokens2: the Siemens suite's second lexical analyser, written afresh in Java from the
 * program's known behaviour. It splits a character stream into tokens (keywords and, or, if,
 * xor, lambda, =>; identifiers; numbers; strings; #-character constants; ;-comments; the
 * special symbols ( ) [ ] ' ` ,) with hand-written classification functions and prints one
 * line per token.
 *
 * Same functions, branches, loops and arrays as the C program: get_char, unget_char,
 * get_token (blank skipping, the token-end loop, the end-character cases), is_token_end,
 * token_type, print_token, is_eof_token, is_comment, is_keyword, is_char_constant,
 * is_num_constant, is_str_constant, is_identifier, unget_error, print_spec_symbol,
 * is_spec_symbol, and the main loop. Comments are recognised but print nothing; "#x..."
 * prints from the second character on; an end character that is EOF cannot be pushed back
 * (ungetc(EOF) fails) and prints "It can not get charcter".
 *
 * Adapted: the input file is a char[] read through getc/ungetc emulations; EOF (-1 in the
 * C program's signed char) is '\uffff'; the 81-character global token buffer is a char[81];
 * ctype's isalpha/isdigit are ASCII range tests; strcmp is a NUL-terminated comparison;
 * stdout is a StringBuilder returned by main. In the C code get_token and is_token_end pass
 * the buffer / the two-character array ch1 to is_spec_symbol, which compares the whole
 * NUL-terminated string: the same here.
 */
package print_tokens2;

public final class PrintTokens2 {
    static final char EOF = '\uffff';
    static final boolean TRUE = true;
    static final boolean FALSE = false;

    // tokens.h
    static final int error = 0;
    static final int keyword = 1;
    static final int spec_symbol = 2;
    static final int identifier = 3;
    static final int num_constant = 41;
    static final int str_constant = 42;
    static final int char_constant = 43;
    static final int comment = 5;
    static final int end = 6;

    // The character stream (FILE *): the file's characters, the read position, one pushed-back
    // character (ungetc guarantees one).
    private final char[] file;
    private int pos;
    private int pushed = -1;

    private final char[] buffer = new char[81];
    private final StringBuilder out = new StringBuilder();

    private PrintTokens2(char[] file) {
        this.file = file;
    }

    // ---- stdio emulation -------------------------------------------------------------

    private char getc() {
        if (pushed >= 0) {
            char c = (char) pushed;
            pushed = -1;
            return c;
        }
        if (pos >= file.length) {
            return EOF;
        }
        return file[pos++];
    }

    private char ungetc(char c) {
        if (c == EOF) {
            return EOF;
        }
        pushed = c;
        return c;
    }

    private void printString(char[] s, int from) {
        for (int k = from; s[k] != '\0'; k++) {
            out.append(s[k]);
        }
    }

    static boolean isalpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isdigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** strcmp(s, lit) == 0 for a NUL-terminated s. */
    static boolean streq(char[] s, String lit) {
        int k = 0;
        while (k < lit.length()) {
            if (s[k] != lit.charAt(k)) {
                return false;
            }
            k++;
        }
        return s[k] == '\0';
    }

    // ---- the program -------------------------------------------------------------------

    char get_char() {
        char ch;
        ch = getc();
        return ch;
    }

    char unget_char(char ch) {
        char c;
        c = ungetc(ch);
        if (c == EOF) {
            return c;
        } else {
            return c;
        }
    }

    char[] get_token() {
        int i = 0, j;
        int id = 0;
        char ch;
        char[] ch1 = new char[2];
        for (j = 0; j <= 80; j++) {
            buffer[j] = '\0';
        }
        ch1[0] = '\0';
        ch1[1] = '\0';
        ch = get_char();
        while (ch == ' ' || ch == '\n') {
            ch = get_char();
        }
        buffer[i] = ch;
        if (is_eof_token(buffer) == TRUE) {
            return buffer;
        }
        if (is_spec_symbol(buffer) == TRUE) {
            return buffer;
        }
        if (ch == '"') {
            id = 1;
        }
        if (ch == 59) {
            id = 2;
        }
        ch = get_char();
        while (is_token_end(id, ch) == FALSE) {
            i++;
            buffer[i] = ch;
            ch = get_char();
        }
        ch1[0] = ch;
        if (is_eof_token(ch1) == TRUE) {
            ch = unget_char(ch);
            if (ch == EOF) {
                unget_error();
            }
            return buffer;
        }
        if (is_spec_symbol(ch1) == TRUE) {
            ch = unget_char(ch);
            if (ch == EOF) {
                unget_error();
            }
            return buffer;
        }
        if (id == 1) {
            i++;
            buffer[i] = ch;
            return buffer;
        }
        if (id == 0 && ch == 59) {
            ch = unget_char(ch);
            if (ch == EOF) {
                unget_error();
            }
            return buffer;
        }
        return buffer;
    }

    static boolean is_token_end(int str_com_id, char ch) {
        char[] ch1 = new char[2];
        ch1[0] = ch;
        ch1[1] = '\0';
        if (is_eof_token(ch1) == TRUE) {
            return TRUE;
        }
        if (str_com_id == 1) {
            if (ch == '"' | ch == '\n') {
                return TRUE;
            } else {
                return FALSE;
            }
        }
        if (str_com_id == 2) {
            if (ch == '\n') {
                return TRUE;
            } else {
                return FALSE;
            }
        }
        if (is_spec_symbol(ch1) == TRUE) {
            return TRUE;
        }
        if (ch == ' ' || ch == '\n' || ch == 59) {
            return TRUE;
        }
        return FALSE;
    }

    static int token_type(char[] tok) {
        if (is_keyword(tok)) {
            return keyword;
        }
        if (is_spec_symbol(tok)) {
            return spec_symbol;
        }
        if (is_identifier(tok)) {
            return identifier;
        }
        if (is_num_constant(tok)) {
            return num_constant;
        }
        if (is_str_constant(tok)) {
            return str_constant;
        }
        if (is_char_constant(tok)) {
            return char_constant;
        }
        if (is_comment(tok)) {
            return comment;
        }
        if (is_eof_token(tok)) {
            return end;
        }
        return error;
    }

    void print_token(char[] tok) {
        int type;
        type = token_type(tok);
        if (type == error) {
            out.append("error,\"");
            printString(tok, 0);
            out.append("\".\n");
        }
        if (type == keyword) {
            out.append("keyword,\"");
            printString(tok, 0);
            out.append("\".\n");
        }
        if (type == spec_symbol) {
            print_spec_symbol(tok);
        }
        if (type == identifier) {
            out.append("identifier,\"");
            printString(tok, 0);
            out.append("\".\n");
        }
        if (type == num_constant) {
            out.append("numeric,");
            printString(tok, 0);
            out.append(".\n");
        }
        if (type == str_constant) {
            out.append("string,");
            printString(tok, 0);
            out.append(".\n");
        }
        if (type == char_constant) {
            out.append("character,\"");
            printString(tok, 1);
            out.append("\".\n");
        }
        if (type == end) {
            out.append("eof.\n");
        }
    }

    static boolean is_eof_token(char[] tok) {
        if (tok[0] == EOF) {
            return TRUE;
        } else {
            return FALSE;
        }
    }

    static boolean is_comment(char[] ident) {
        if (ident[0] == 59) {
            return TRUE;
        } else {
            return FALSE;
        }
    }

    static boolean is_keyword(char[] str) {
        if (streq(str, "and") || streq(str, "or") || streq(str, "if") || streq(str, "xor") || streq(str, "lambda")
                || streq(str, "=>")) {
            return TRUE;
        } else {
            return FALSE;
        }
    }

    static boolean is_char_constant(char[] str) {
        if (str[0] == '#' && isalpha(str[1])) {
            return TRUE;
        } else {
            return FALSE;
        }
    }

    static boolean is_num_constant(char[] str) {
        int i = 1;
        if (isdigit(str[0])) {
            while (str[i] != '\0') {
                if (isdigit(str[i])) {
                    i++;
                } else {
                    return FALSE;
                }
            }
            return TRUE;
        } else {
            return FALSE;
        }
    }

    static boolean is_str_constant(char[] str) {
        int i = 1;
        if (str[0] == '"') {
            while (str[i] != '\0') {
                if (str[i] == '"') {
                    return TRUE;
                } else {
                    i++;
                }
            }
            return FALSE;
        } else {
            return FALSE;
        }
    }

    static boolean is_identifier(char[] str) {
        int i = 1;
        if (isalpha(str[0])) {
            while (str[i] != '\0') {
                if (isalpha(str[i]) || isdigit(str[i])) {
                    i++;
                } else {
                    return FALSE;
                }
            }
            return TRUE;
        } else {
            return FALSE;
        }
    }

    void unget_error() {
        out.append("It can not get charcter\n");
    }

    void print_spec_symbol(char[] str) {
        if (streq(str, "(")) {
            out.append("lparen.").append('\n');
            return;
        }
        if (streq(str, ")")) {
            out.append("rparen.").append('\n');
            return;
        }
        if (streq(str, "[")) {
            out.append("lsquare.").append('\n');
            return;
        }
        if (streq(str, "]")) {
            out.append("rsquare.").append('\n');
            return;
        }
        if (streq(str, "'")) {
            out.append("quote.").append('\n');
            return;
        }
        if (streq(str, "`")) {
            out.append("bquote.").append('\n');
            return;
        }
        out.append("comma.").append('\n');
    }

    static boolean is_spec_symbol(char[] str) {
        if (streq(str, "(")) {
            return TRUE;
        }
        if (streq(str, ")")) {
            return TRUE;
        }
        if (streq(str, "[")) {
            return TRUE;
        }
        if (streq(str, "]")) {
            return TRUE;
        }
        if (streq(str, "'")) {
            return TRUE;
        }
        if (streq(str, "`")) {
            return TRUE;
        }
        if (streq(str, ",")) {
            return TRUE;
        }
        return FALSE;
    }

    /** main() on a token stream given as the file's characters: returns what it prints. */
    public static String main(char[] file) {
        PrintTokens2 p = new PrintTokens2(file);
        char[] tok;
        tok = p.get_token();
        while (is_eof_token(tok) == FALSE) {
            p.print_token(tok);
            tok = p.get_token();
        }
        p.print_token(tok);
        return p.out.toString();
    }
}
