package java.util.stream;

import java.util.OptionalInt;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import java.util.function.IntToLongFunction;
import java.util.function.IntToDoubleFunction;

/**
 * jsymex model of java.util.stream.IntStream: sequential, pull-based pipelines (see Pipe). Not
 * modelled: iterator(), spliterator(), builder().
 */
public interface IntStream extends BaseStream<Integer, IntStream> {

    IntStream filter(IntPredicate predicate);

    IntStream map(IntUnaryOperator mapper);

    <U> Stream<U> mapToObj(IntFunction<? extends U> mapper);

    LongStream mapToLong(IntToLongFunction mapper);

    DoubleStream mapToDouble(IntToDoubleFunction mapper);

    IntStream flatMap(IntFunction<? extends IntStream> mapper);

    IntStream distinct();

    IntStream sorted();

    IntStream peek(IntConsumer action);

    IntStream limit(long maxSize);

    IntStream skip(long n);

    IntStream takeWhile(IntPredicate predicate);

    IntStream dropWhile(IntPredicate predicate);

    void forEach(IntConsumer action);

    void forEachOrdered(IntConsumer action);

    int[] toArray();

    int reduce(int identity, IntBinaryOperator op);

    OptionalInt reduce(IntBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjIntConsumer<R> accumulator, BiConsumer<R, R> combiner);

    int sum();

    OptionalInt min();

    OptionalInt max();

    long count();

    OptionalDouble average();

    java.util.IntSummaryStatistics summaryStatistics();

    boolean anyMatch(IntPredicate predicate);

    boolean allMatch(IntPredicate predicate);

    boolean noneMatch(IntPredicate predicate);

    OptionalInt findFirst();

    OptionalInt findAny();

    LongStream asLongStream();

    DoubleStream asDoubleStream();

    Stream<Integer> boxed();

    // ---- sources ----

    public static IntStream empty() {
        return IntPipeline.of(new int[0], 0, 0);
    }

    public static IntStream of(int t) {
        return IntPipeline.of(new int[] {t}, 0, 1);
    }

    public static IntStream of(int... values) {
        return IntPipeline.of(values, 0, values.length);
    }

    public static IntStream range(int startInclusive, int endExclusive) {
        if (startInclusive >= endExclusive) {
            return empty();
        }
        return IntPipeline.range(startInclusive, endExclusive - 1);
    }

    public static IntStream rangeClosed(int startInclusive, int endInclusive) {
        if (startInclusive > endInclusive) {
            return empty();
        }
        return IntPipeline.range(startInclusive, endInclusive);
    }

    /** seed, f(seed), f(f(seed)), ...: each element is computed when it is pulled. */
    public static IntStream iterate(final int seed, final IntUnaryOperator f) {
        java.util.Objects.requireNonNull(f);
        return new IntPipeline(false) {
            boolean started;

            boolean advance() {
                item = started ? f.applyAsInt(item) : seed;
                started = true;
                return true;
            }
        };
    }

    public static IntStream iterate(final int seed, final IntPredicate hasNext, final IntUnaryOperator next) {
        java.util.Objects.requireNonNull(next);
        java.util.Objects.requireNonNull(hasNext);
        return new IntPipeline(false) {
            boolean started;
            boolean finished;

            boolean advance() {
                if (finished) {
                    return false;
                }
                int t = started ? next.applyAsInt(item) : seed;
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

    public static IntStream generate(final IntSupplier s) {
        java.util.Objects.requireNonNull(s);
        return new IntPipeline(false) {
            boolean advance() {
                item = s.getAsInt();
                return true;
            }
        };
    }

    public static IntStream concat(IntStream a, IntStream b) {
        java.util.Objects.requireNonNull(a);
        java.util.Objects.requireNonNull(b);
        return IntPipeline.concat((IntPipeline) a, (IntPipeline) b);
    }
}
