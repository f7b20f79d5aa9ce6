package java.io;

/**
 * jsymex model of java.io.FilterOutputStream: forwards every byte to {@code out}.
 */
public class FilterOutputStream extends OutputStream {

    protected OutputStream out;

    public FilterOutputStream(OutputStream out) {
        this.out = out;
    }

    public void write(int b) throws IOException {
        out.write(b);
    }

    public void flush() throws IOException {
        out.flush();
    }

    public void close() throws IOException {
        flush();
        out.close();
    }
}
