package java.util.stream;

import java.util.Iterator;

/** jsymex model of java.util.stream.BaseStream (no spliterators). */
public interface BaseStream<T, S extends BaseStream<T, S>> extends AutoCloseable {

    Iterator<T> iterator();

    boolean isParallel();

    S sequential();

    S parallel();

    S unordered();

    S onClose(Runnable closeHandler);

    void close();
}
