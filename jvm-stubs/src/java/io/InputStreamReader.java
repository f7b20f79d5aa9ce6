package java.io;


/**
 * jsymex model of java.io.InputStreamReader: decodes UTF-8 (the default),
 * ISO-8859-1 or US-ASCII bytes from the stream, one character at a time
 * (malformed UTF-8 gives U+FFFD). Other charset names throw
 * UnsupportedEncodingException. Unlike Java it does not read ahead of the
 * characters it returns (except for one byte after a malformed sequence).
 */
public class InputStreamReader extends Reader {

    private InputStream in;
    private final int cs;
    private int pendingByte = -1;
    private int pendingLow = -1;
    private boolean closed;

    public InputStreamReader(InputStream in) {
        super(in);
        this.in = in;
        this.cs = Charsets.UTF_8;
    }

    public InputStreamReader(InputStream in, String charsetName) throws UnsupportedEncodingException {
        super(in);
        this.cs = Charsets.require(charsetName);
        this.in = in;
    }

    public String getEncoding() {
        return closed ? null : Charsets.historicalName(cs);
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream closed");
        }
    }

    private int nextByte() throws IOException {
        int b = pendingByte;
        if (b >= 0) {
            pendingByte = -1;
            return b;
        }
        return in.read();
    }

    /** The next UTF-16 unit, or -1 at the end of the stream. */
    private int readChar() throws IOException {
        if (pendingLow >= 0) {
            int c = pendingLow;
            pendingLow = -1;
            return c;
        }
        int b = nextByte();
        if (b < 0) {
            return -1;
        }
        if (cs == Charsets.ISO_8859_1) {
            return b;
        }
        if (b < 0x80) {
            return b;
        }
        if (cs == Charsets.US_ASCII) {
            return 0xFFFD;
        }
        int need;
        int cp;
        int lo = 0x80;
        int hi = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) {
            need = 1;
            cp = b & 0x1F;
        } else if (b >= 0xE0 && b <= 0xEF) {
            need = 2;
            cp = b & 0x0F;
            if (b == 0xE0) {
                lo = 0xA0;
            } else if (b == 0xED) {
                hi = 0x9F;
            }
        } else if (b >= 0xF0 && b <= 0xF4) {
            need = 3;
            cp = b & 0x07;
            if (b == 0xF0) {
                lo = 0x90;
            } else if (b == 0xF4) {
                hi = 0x8F;
            }
        } else {
            return 0xFFFD;
        }
        for (int k = 0; k < need; k++) {
            int c = nextByte();
            if (c < 0) {
                return 0xFFFD;
            }
            int l = (k == 0) ? lo : 0x80;
            int h = (k == 0) ? hi : 0xBF;
            if (c < l || c > h) {
                pendingByte = c;
                return 0xFFFD;
            }
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp >= 0x10000) {
            pendingLow = Character.lowSurrogate(cp);
            return Character.highSurrogate(cp);
        }
        return cp;
    }

    public int read() throws IOException {
        ensureOpen();
        return readChar();
    }

    public int read(char[] cbuf, int off, int len) throws IOException {
        ensureOpen();
        if ((off < 0) || (off > cbuf.length) || (len < 0) || ((off + len) > cbuf.length) || ((off + len) < 0)) {
            throw new IndexOutOfBoundsException();
        }
        if (len == 0) {
            return 0;
        }
        int n = 0;
        while (n < len) {
            int c = readChar();
            if (c < 0) {
                break;
            }
            cbuf[off + n] = (char) c;
            n++;
        }
        return n == 0 ? -1 : n;
    }

    public boolean ready() throws IOException {
        ensureOpen();
        return pendingLow >= 0 || pendingByte >= 0 || in.available() > 0;
    }

    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        in.close();
    }
}
