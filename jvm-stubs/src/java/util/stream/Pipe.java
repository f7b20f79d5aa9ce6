package java.util.stream;

import java.util.ArrayList;
import java.util.Objects;

/**
 * jsymex-internal base of the stream pipelines (RefPipeline, IntPipeline, LongPipeline,
 * DoublePipeline).
 *
 * A pipeline is a chain of stages; each stage pulls elements from the one before it on demand
 * (the subclasses' {@code advance}), so elements travel through the whole chain one at a time,
 * as in Java: side effects of map, filter and peek interleave as they do in Java, short-circuit
 * operations (limit, findFirst, anyMatch, takeWhile) stop pulling early, and infinite sources
 * (iterate, generate) work wherever a limit comes. sorted() pulls everything before it emits
 * its first element, like Java's.
 *
 * Java 17 skips the pipeline in count() when the element count is known from the source and
 * the stages (no filter, flatMap, distinct, takeWhile or dropWhile; limit and skip adjust the
 * count): {@link #sized} tracks that, so the side effects of map or peek are skipped exactly
 * when Java skips them.
 *
 * Each stage can be used once ("stream has already been operated upon or closed"); close()
 * runs the onClose handlers of the pipeline once, in order. Streams always run sequentially:
 * parallel() and parallelStream() only set the flag isParallel() reports (one valid outcome of a
 * parallel run; findAny returns the first element).
 */
abstract class Pipe {

    static final String USED = "stream has already been operated upon or closed";

    private final Pipe source;
    /** The stage this one pulls from; null for a source. */
    private final Pipe upstream;
    /** Whether the element count is known without running the pipeline (see the class comment). */
    final boolean sized;
    private boolean linked;

    // on the source stage only
    private ArrayList<Runnable> closeHandlers;
    private boolean closed;
    private boolean parallel;

    /** A source stage. */
    Pipe(boolean sized) {
        this.source = this;
        this.upstream = null;
        this.sized = sized;
    }

    /**
     * A stage after upstream; keepsSize: the stage's element count follows from upstream's
     * (one element per element pulled, or adjustSize for limit and skip).
     */
    Pipe(Pipe upstream, boolean keepsSize) {
        this.source = upstream.source;
        this.upstream = upstream;
        this.sized = upstream.sized && keepsSize;
    }

    /** The number of elements of a sized source, at the time of the terminal operation. */
    long sourceSize() {
        return -1;
    }

    /** This stage's element count given upstream's (limit and skip change it). */
    long adjustSize(long upstreamSize) {
        return upstreamSize;
    }

    /** The element count when {@link #sized}, else -1. */
    final long knownSize() {
        if (!sized) {
            return -1;
        }
        return upstream == null ? sourceSize() : adjustSize(upstream.knownSize());
    }

    /** parallel() and sequential() only set the flag isParallel() reports: execution is sequential. */
    final void setParallel(boolean p) {
        source.parallel = p;
    }

    final boolean parallelFlag() {
        return source.parallel;
    }

    /** Marks this stage used by an operation; a stage serves one operation only. */
    final void use() {
        if (linked || source.closed) {
            throw new IllegalStateException(USED);
        }
        linked = true;
    }

    final void addCloseHandler(Runnable closeHandler) {
        Objects.requireNonNull(closeHandler);
        if (linked || source.closed) {
            throw new IllegalStateException(USED);
        }
        Pipe s = source;
        if (s.closeHandlers == null) {
            s.closeHandlers = new ArrayList<>();
        }
        s.closeHandlers.add(closeHandler);
    }

    /** Runs every close handler once, in order; the first exception is thrown with the later ones suppressed. */
    final void closePipeline() {
        linked = true;
        Pipe s = source;
        if (s.closed) {
            return;
        }
        s.closed = true;
        ArrayList<Runnable> hs = s.closeHandlers;
        s.closeHandlers = null;
        if (hs == null) {
            return;
        }
        Throwable first = null;
        for (int i = 0; i < hs.size(); i++) {
            try {
                hs.get(i).run();
            } catch (Throwable t) {
                if (first == null) {
                    first = t;
                } else if (first != t) {
                    first.addSuppressed(t);
                }
            }
        }
        if (first instanceof RuntimeException) {
            throw (RuntimeException) first;
        }
        if (first instanceof Error) {
            throw (Error) first;
        }
    }

    static void checkCount(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
    }

    /** Java's bounds check for Arrays.stream(array, from, to). */
    static void checkFromTo(int length, int from, int to) {
        if (from > to) {
            throw new ArrayIndexOutOfBoundsException("origin(" + from + ") > fence(" + to + ")");
        }
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException(from);
        }
        if (to > length) {
            throw new ArrayIndexOutOfBoundsException(to);
        }
    }

    /**
     * Java 17's compensated (Kahan) summation, shared by DoubleStream.sum/average and
     * Collectors.summingDouble/averagingDouble: s[0] the sum, s[1] the compensation, s[2] the
     * plain sum (for infinities).
     */
    static void sumWithCompensation(double[] s, double value) {
        double tmp = value - s[1];
        double sum = s[0];
        double velvel = sum + tmp;
        s[1] = (velvel - sum) - tmp;
        s[0] = velvel;
    }

    /** The compensated sum, or the plain sum when only that is right (infinities). */
    static double finalSum(double sum, double compensation, double simpleSum) {
        double tmp = sum - compensation;
        if (Double.isNaN(tmp) && Double.isInfinite(simpleSum)) {
            return simpleSum;
        }
        return tmp;
    }
}
