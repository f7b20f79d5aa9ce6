package java.io;

import jsymex.internal.Output;

/**
 * jsymex model of java.io.PrintStream. System.out and System.err are bound to
 * a file descriptor (the jsymex-specific constructor PrintStream(int)) and all
 * their text goes through jsymex.internal.Output.write. A PrintStream over an
 * OutputStream (PrintStream(OutputStream[, autoFlush[, encoding]])) encodes
 * every print as UTF-8 (or the given ISO-8859-1 / US-ASCII) bytes and writes
 * them at once, flushing on newlines with autoFlush; IOExceptions set the
 * checkError flag. Line separator is "\n". printf/format go through
 * java.util.Formatter. write(int) to a descriptor passes the byte on as one char
 * U+0000..U+00FF.
 */
public class PrintStream extends FilterOutputStream implements Appendable, Closeable {

    /** The descriptor, or -1 for a stream over {@code out}. */
    private final int fd;
    private final boolean autoFlush;
    private final int cs;
    private boolean trouble = false;
    private boolean closing = false;

    /** jsymex-specific: a stream writing to file descriptor fd (1 = stdout, 2 = stderr). */
    public PrintStream(int fd) {
        super(null);
        this.fd = fd;
        this.autoFlush = false;
        this.cs = Charsets.UTF_8;
    }

    public PrintStream(OutputStream out) {
        this(out, false);
    }

    public PrintStream(OutputStream out, boolean autoFlush) {
        super(requireStream(out));
        this.fd = -1;
        this.autoFlush = autoFlush;
        this.cs = Charsets.UTF_8;
    }

    public PrintStream(OutputStream out, boolean autoFlush, String encoding) throws UnsupportedEncodingException {
        super(requireStream(out));
        this.fd = -1;
        this.autoFlush = autoFlush;
        this.cs = Charsets.require(encoding);
    }

    public PrintStream(String fileName) throws FileNotFoundException {
        this(new FileOutputStream(fileName), false);
    }

    public PrintStream(File file) throws FileNotFoundException {
        this(new FileOutputStream(file), false);
    }

    private static OutputStream requireStream(OutputStream out) {
        if (out == null) {
            throw new NullPointerException("Null output stream");
        }
        return out;
    }

    private void ensureOpen() throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
    }

    private void emit(String s) {
        if (fd >= 0) {
            Output.write(fd, s);
            return;
        }
        try {
            ensureOpen();
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length() + 4);
            Charsets.ByteSink sink = new Charsets.ByteSink() {
                public void put(int b) {
                    bytes.write(b);
                }
            };
            int hi = -1;
            for (int i = 0; i < s.length(); i++) {
                hi = Charsets.encode(cs, hi, s.charAt(i), sink);
            }
            if (hi >= 0) {
                sink.put('?');
            }
            out.write(bytes.toByteArray());
            if (autoFlush && (s.indexOf('\n') >= 0)) {
                out.flush();
            }
        } catch (IOException x) {
            trouble = true;
        }
    }

    private void emitLine(String s) {
        emit(s);
        emit("\n");
    }

    protected void setError() {
        trouble = true;
    }

    protected void clearError() {
        trouble = false;
    }

    public void flush() {
        if (fd >= 0) {
            return;
        }
        try {
            ensureOpen();
            out.flush();
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void close() {
        if (fd >= 0) {
            return;
        }
        if (!closing) {
            closing = true;
            try {
                out.close();
            } catch (IOException x) {
                trouble = true;
            }
            out = null;
        }
    }

    public boolean checkError() {
        if (fd < 0 && out != null) {
            flush();
        }
        return trouble;
    }

    public void write(int b) {
        if (fd >= 0) {
            emit(String.valueOf((char) (b & 0xFF)));
            return;
        }
        try {
            ensureOpen();
            out.write(b);
            if ((b == '\n') && autoFlush) {
                out.flush();
            }
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void write(byte[] buf, int off, int len) {
        if (off < 0 || len < 0 || off > buf.length - len) {
            throw new IndexOutOfBoundsException("Range [" + off + ", " + off + " + " + len
                    + ") out of bounds for length " + buf.length);
        }
        if (fd < 0) {
            try {
                ensureOpen();
                out.write(buf, off, len);
                if (autoFlush) {
                    out.flush();
                }
            } catch (IOException x) {
                trouble = true;
            }
            return;
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

    // ---- printf / format (java.util.Formatter, writing through append) ----

    public PrintStream printf(String format, Object... args) {
        return format(format, args);
    }

    public PrintStream printf(java.util.Locale l, String format, Object... args) {
        return format(l, format, args);
    }

    public PrintStream format(String format, Object... args) {
        return format(java.util.Locale.getDefault(java.util.Locale.Category.FORMAT), format, args);
    }

    public PrintStream format(java.util.Locale l, String format, Object... args) {
        new java.util.Formatter((Appendable) this, l).format(l, format, args);
        return this;
    }
}
