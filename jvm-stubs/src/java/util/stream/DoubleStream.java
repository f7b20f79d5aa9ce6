package java.util.stream;

import java.util.OptionalDouble;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleFunction;
import java.util.function.ObjDoubleConsumer;
import java.util.function.DoublePredicate;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Supplier;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;

/**
 * jsymex model of java.util.stream.DoubleStream: sequential, pull-based pipelines (see Pipe). Not
 * modelled: iterator(), spliterator(), builder() and summaryStatistics().
 */
public interface DoubleStream extends BaseStream<Double, DoubleStream> {

    DoubleStream filter(DoublePredicate predicate);

    DoubleStream map(DoubleUnaryOperator mapper);

    <U> Stream<U> mapToObj(DoubleFunction<? extends U> mapper);

    IntStream mapToInt(DoubleToIntFunction mapper);

    LongStream mapToLong(DoubleToLongFunction mapper);

    DoubleStream flatMap(DoubleFunction<? extends DoubleStream> mapper);

    DoubleStream distinct();

    DoubleStream sorted();

    DoubleStream peek(DoubleConsumer action);

    DoubleStream limit(long maxSize);

    DoubleStream skip(long n);

    DoubleStream takeWhile(DoublePredicate predicate);

    DoubleStream dropWhile(DoublePredicate predicate);

    void forEach(DoubleConsumer action);

    void forEachOrdered(DoubleConsumer action);

    double[] toArray();

    double reduce(double identity, DoubleBinaryOperator op);

    OptionalDouble reduce(DoubleBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjDoubleConsumer<R> accumulator, BiConsumer<R, R> combiner);

    double sum();

    OptionalDouble min();

    OptionalDouble max();

    long count();

    OptionalDouble average();

    boolean anyMatch(DoublePredicate predicate);

    boolean allMatch(DoublePredicate predicate);

    boolean noneMatch(DoublePredicate predicate);

    OptionalDouble findFirst();

    OptionalDouble findAny();

    Stream<Double> boxed();

    // ---- sources ----

    public static DoubleStream empty() {
        return DoublePipeline.of(new double[0], 0, 0);
    }

    public static DoubleStream of(double t) {
        return DoublePipeline.of(new double[] {t}, 0, 1);
    }

    public static DoubleStream of(double... values) {
        return DoublePipeline.of(values, 0, values.length);
    }

    /** seed, f(seed), f(f(seed)), ...: each element is computed when it is pulled. */
    public static DoubleStream iterate(final double seed, final DoubleUnaryOperator f) {
        java.util.Objects.requireNonNull(f);
        return new DoublePipeline(false) {
            boolean started;

            boolean advance() {
                item = started ? f.applyAsDouble(item) : seed;
                started = true;
                return true;
            }
        };
    }

    public static DoubleStream iterate(final double seed, final DoublePredicate hasNext, final DoubleUnaryOperator next) {
        java.util.Objects.requireNonNull(next);
        java.util.Objects.requireNonNull(hasNext);
        return new DoublePipeline(false) {
            boolean started;
            boolean finished;

            boolean advance() {
                if (finished) {
                    return false;
                }
                double t = started ? next.applyAsDouble(item) : seed;
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

    public static DoubleStream generate(final DoubleSupplier s) {
        java.util.Objects.requireNonNull(s);
        return new DoublePipeline(false) {
            boolean advance() {
                item = s.getAsDouble();
                return true;
            }
        };
    }

    public static DoubleStream concat(DoubleStream a, DoubleStream b) {
        java.util.Objects.requireNonNull(a);
        java.util.Objects.requireNonNull(b);
        return DoublePipeline.concat((DoublePipeline) a, (DoublePipeline) b);
    }
}
