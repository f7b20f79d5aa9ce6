package java.lang;

/**
 * jsymex model of java.lang.AutoCloseable (try-with-resources).
 */
public interface AutoCloseable {
    void close() throws Exception;
}
