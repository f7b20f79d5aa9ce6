package java.io;

import java.util.Objects;

/** jsymex model of java.io.ByteArrayOutputStream (toString decodes UTF-8 by default). */
public class ByteArrayOutputStream extends OutputStream {

    protected byte[] buf;
    protected int count;

    public ByteArrayOutputStream() {
        this(32);
    }

    public ByteArrayOutputStream(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("Negative initial size: " + size);
        }
        buf = new byte[size];
    }

    private void ensureCapacity(int minCapacity) {
        if (minCapacity > buf.length) {
            byte[] bigger = new byte[Math.max(buf.length << 1, minCapacity)];
            System.arraycopy(buf, 0, bigger, 0, count);
            buf = bigger;
        }
    }

    public void write(int b) {
        ensureCapacity(count + 1);
        buf[count] = (byte) b;
        count += 1;
    }

    public void write(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureCapacity(count + len);
        System.arraycopy(b, off, buf, count, len);
        count += len;
    }

    public void writeBytes(byte[] b) {
        write(b, 0, b.length);
    }

    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, count);
    }

    public void reset() {
        count = 0;
    }

    public byte[] toByteArray() {
        byte[] r = new byte[count];
        System.arraycopy(buf, 0, r, 0, count);
        return r;
    }

    public int size() {
        return count;
    }

    public String toString() {
        return Charsets.decode(Charsets.UTF_8, buf, 0, count);
    }

    public String toString(String charsetName) throws UnsupportedEncodingException {
        return Charsets.decode(Charsets.require(charsetName), buf, 0, count);
    }

    public void close() throws IOException {
    }
}
