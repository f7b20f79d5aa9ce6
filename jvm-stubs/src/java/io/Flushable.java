package java.io;

/**
 * jsymex model of java.io.Flushable.
 */
public interface Flushable {
    void flush() throws IOException;
}
