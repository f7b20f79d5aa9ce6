package java.util.stream;

import java.util.Collection;
import java.util.Iterator;

/**
 * jsymex model of java.util.stream.StreamSupport. The JDK's methods take Spliterators, which
 * are not modelled (calling them is a "no model" error). The public methods here are
 * jsymex-internal entry points for Collection.stream, Arrays.stream and String.lines (programs
 * compiled against the JDK cannot see them).
 */
public final class StreamSupport {

    private StreamSupport() {
    }

    /** The elements of c, through its iterator, taken when the first element is pulled; sized. */
    public static <T> Stream<T> jsymexCollectionStream(Collection<T> c) {
        return new RefPipeline.CollectionSource<T>(c);
    }

    /** The rest of an iterator; the element count is not known. */
    public static <T> Stream<T> jsymexIteratorStream(Iterator<T> it) {
        return new RefPipeline.IteratorSource<T>(it);
    }

    public static <T> Stream<T> jsymexArrayStream(T[] a, int from, int to) {
        Pipe.checkFromTo(a.length, from, to);
        return new RefPipeline.ArraySource<T>(a, from, to);
    }

    public static IntStream jsymexArrayStream(int[] a, int from, int to) {
        Pipe.checkFromTo(a.length, from, to);
        return IntPipeline.of(a, from, to);
    }

    public static LongStream jsymexArrayStream(long[] a, int from, int to) {
        Pipe.checkFromTo(a.length, from, to);
        return LongPipeline.of(a, from, to);
    }

    public static DoubleStream jsymexArrayStream(double[] a, int from, int to) {
        Pipe.checkFromTo(a.length, from, to);
        return DoublePipeline.of(a, from, to);
    }
}
