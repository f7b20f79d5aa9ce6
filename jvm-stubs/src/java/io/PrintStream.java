package java.io;

import jsymex.internal.Output;

/**
 * jsymex model of java.io.PrintStream for System.out and System.err only: a
 * PrintStream is bound to a file descriptor (the jsymex-specific constructor
 * PrintStream(int)) and all text goes through jsymex.internal.Output.write.
 * Line separator is "\n". printf/format (java.util.Formatter) are not modelled.
 * write(int) passes the byte on as one char U+0000..U+00FF.
 */
public class PrintStream extends FilterOutputStream implements Appendable, Closeable {

    private final int fd;

    /** jsymex-specific: a stream writing to file descriptor fd (1 = stdout, 2 = stderr). */
    public PrintStream(int fd) {
        super(null);
        this.fd = fd;
    }

    private void emit(String s) {
        Output.write(fd, s);
    }

    private void emitLine(String s) {
        Output.write(fd, s);
        Output.write(fd, "\n");
    }

    public void flush() {
    }

    public void close() {
    }

    public boolean checkError() {
        return false;
    }

    public void write(int b) {
        emit(String.valueOf((char) (b & 0xFF)));
    }

    public void write(byte[] buf, int off, int len) {
        if (off < 0 || len < 0 || off > buf.length - len) {
            throw new IndexOutOfBoundsException("Range [" + off + ", " + off + " + " + len
                    + ") out of bounds for length " + buf.length);
        }
        char[] cs = new char[len];
        for (int i = 0; i < len; i++) {
            cs[i] = (char) (buf[off + i] & 0xFF);
        }
        emit(new String(cs));
    }

    public void write(byte[] buf) throws IOException {
        write(buf, 0, buf.length);
    }

    // ---- print ----

    public void print(boolean b) {
        emit(String.valueOf(b));
    }

    public void print(char c) {
        emit(String.valueOf(c));
    }

    public void print(int i) {
        emit(String.valueOf(i));
    }

    public void print(long l) {
        emit(String.valueOf(l));
    }

    public void print(float f) {
        emit(String.valueOf(f));
    }

    public void print(double d) {
        emit(String.valueOf(d));
    }

    public void print(char[] s) {
        emit(new String(s));
    }

    public void print(String s) {
        emit(String.valueOf(s));
    }

    public void print(Object obj) {
        emit(String.valueOf(obj));
    }

    // ---- println ----

    public void println() {
        emit("\n");
    }

    public void println(boolean x) {
        emitLine(String.valueOf(x));
    }

    public void println(char x) {
        emitLine(String.valueOf(x));
    }

    public void println(int x) {
        emitLine(String.valueOf(x));
    }

    public void println(long x) {
        emitLine(String.valueOf(x));
    }

    public void println(float x) {
        emitLine(String.valueOf(x));
    }

    public void println(double x) {
        emitLine(String.valueOf(x));
    }

    public void println(char[] x) {
        emitLine(new String(x));
    }

    public void println(String x) {
        emitLine(String.valueOf(x));
    }

    public void println(Object x) {
        emitLine(String.valueOf(x));
    }

    // ---- Appendable ----

    public PrintStream append(CharSequence csq) {
        emit(String.valueOf(csq));
        return this;
    }

    public PrintStream append(CharSequence csq, int start, int end) {
        if (csq == null) {
            csq = "null";
        }
        emit(csq.subSequence(start, end).toString());
        return this;
    }

    public PrintStream append(char c) {
        emit(String.valueOf(c));
        return this;
    }
}
