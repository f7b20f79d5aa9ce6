package java.io;

import java.util.Objects;

/**
 * jsymex model of java.io.OutputStreamWriter: encodes to UTF-8 (the
 * default), ISO-8859-1 or US-ASCII ('?' for unmappable characters) into an
 * 8192-byte buffer that is written to the stream when full, on flush() and on
 * close().
 */
public class OutputStreamWriter extends Writer {

    private OutputStream out;
    private final int cs;
    private byte[] bb = new byte[8192];
    private int nBytes;
    private int pendingHigh = -1;
    private boolean closed;

    private final Charsets.ByteSink sink = new Charsets.ByteSink() {
        public void put(int b) throws IOException {
            if (nBytes == bb.length) {
                out.write(bb, 0, nBytes);
                nBytes = 0;
            }
            bb[nBytes++] = (byte) b;
        }
    };

    public OutputStreamWriter(OutputStream out) {
        super(out);
        this.out = out;
        this.cs = Charsets.UTF_8;
    }

    public OutputStreamWriter(OutputStream out, String charsetName) throws UnsupportedEncodingException {
        super(out);
        this.cs = Charsets.require(charsetName);
        this.out = out;
    }

    public String getEncoding() {
        return closed ? null : Charsets.historicalName(cs);
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream closed");
        }
    }

    void flushBuffer() throws IOException {
        ensureOpen();
        if (nBytes > 0) {
            out.write(bb, 0, nBytes);
            nBytes = 0;
        }
    }

    public void write(int c) throws IOException {
        ensureOpen();
        pendingHigh = Charsets.encode(cs, pendingHigh, (char) c, sink);
    }

    public void write(char[] cbuf, int off, int len) throws IOException {
        ensureOpen();
        if ((off < 0) || (off > cbuf.length) || (len < 0) || ((off + len) > cbuf.length) || ((off + len) < 0)) {
            throw new IndexOutOfBoundsException();
        }
        for (int i = 0; i < len; i++) {
            pendingHigh = Charsets.encode(cs, pendingHigh, cbuf[off + i], sink);
        }
    }

    public void write(String str, int off, int len) throws IOException {
        ensureOpen();
        Objects.checkFromIndexSize(off, len, str.length());
        for (int i = 0; i < len; i++) {
            pendingHigh = Charsets.encode(cs, pendingHigh, str.charAt(off + i), sink);
        }
    }

    public void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            if (pendingHigh >= 0) {
                sink.put('?');
                pendingHigh = -1;
            }
            flushBuffer();
            out.close();
        } finally {
            closed = true;
        }
    }
}
