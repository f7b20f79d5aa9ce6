package java.io;

/**
 * jsymex model of java.io.Closeable.
 */
public interface Closeable extends AutoCloseable {
    void close() throws IOException;
}
