package java.util.stream;

import java.util.OptionalLong;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import java.util.function.ObjLongConsumer;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;
import java.util.function.LongToIntFunction;
import java.util.function.LongToDoubleFunction;

/**
 * jsymex model of java.util.stream.LongStream: sequential, pull-based pipelines (see Pipe). Not
 * modelled: iterator(), spliterator(), builder() and summaryStatistics().
 */
public interface LongStream extends BaseStream<Long, LongStream> {

    LongStream filter(LongPredicate predicate);

    LongStream map(LongUnaryOperator mapper);

    <U> Stream<U> mapToObj(LongFunction<? extends U> mapper);

    IntStream mapToInt(LongToIntFunction mapper);

    DoubleStream mapToDouble(LongToDoubleFunction mapper);

    LongStream flatMap(LongFunction<? extends LongStream> mapper);

    LongStream distinct();

    LongStream sorted();

    LongStream peek(LongConsumer action);

    LongStream limit(long maxSize);

    LongStream skip(long n);

    LongStream takeWhile(LongPredicate predicate);

    LongStream dropWhile(LongPredicate predicate);

    void forEach(LongConsumer action);

    void forEachOrdered(LongConsumer action);

    long[] toArray();

    long reduce(long identity, LongBinaryOperator op);

    OptionalLong reduce(LongBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjLongConsumer<R> accumulator, BiConsumer<R, R> combiner);

    long sum();

    OptionalLong min();

    OptionalLong max();

    long count();

    OptionalDouble average();

    boolean anyMatch(LongPredicate predicate);

    boolean allMatch(LongPredicate predicate);

    boolean noneMatch(LongPredicate predicate);

    OptionalLong findFirst();

    OptionalLong findAny();

    DoubleStream asDoubleStream();

    Stream<Long> boxed();

    // ---- sources ----

    public static LongStream empty() {
        return LongPipeline.of(new long[0], 0, 0);
    }

    public static LongStream of(long t) {
        return LongPipeline.of(new long[] {t}, 0, 1);
    }

    public static LongStream of(long... values) {
        return LongPipeline.of(values, 0, values.length);
    }

    public static LongStream range(long startInclusive, long endExclusive) {
        if (startInclusive >= endExclusive) {
            return empty();
        }
        return LongPipeline.range(startInclusive, endExclusive - 1);
    }

    public static LongStream rangeClosed(long startInclusive, long endInclusive) {
        if (startInclusive > endInclusive) {
            return empty();
        }
        return LongPipeline.range(startInclusive, endInclusive);
    }

    /** seed, f(seed), f(f(seed)), ...: each element is computed when it is pulled. */
    public static LongStream iterate(final long seed, final LongUnaryOperator f) {
        java.util.Objects.requireNonNull(f);
        return new LongPipeline(false) {
            boolean started;

            boolean advance() {
                item = started ? f.applyAsLong(item) : seed;
                started = true;
                return true;
            }
        };
    }

    public static LongStream iterate(final long seed, final LongPredicate hasNext, final LongUnaryOperator next) {
        java.util.Objects.requireNonNull(next);
        java.util.Objects.requireNonNull(hasNext);
        return new LongPipeline(false) {
            boolean started;
            boolean finished;

            boolean advance() {
                if (finished) {
                    return false;
                }
                long t = started ? next.applyAsLong(item) : seed;
                started = true;
                if (!hasNext.test(t)) {
                    finished = true;
                    return false;
                }
                item = t;
                return true;
            }
        };
    }

    public static LongStream generate(final LongSupplier s) {
        java.util.Objects.requireNonNull(s);
        return new LongPipeline(false) {
            boolean advance() {
                item = s.getAsLong();
                return true;
            }
        };
    }

    public static LongStream concat(LongStream a, LongStream b) {
        java.util.Objects.requireNonNull(a);
        java.util.Objects.requireNonNull(b);
        return LongPipeline.concat((LongPipeline) a, (LongPipeline) b);
    }
}
