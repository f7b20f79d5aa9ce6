package java.util.stream;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleFunction;
import java.util.function.ObjDoubleConsumer;
import java.util.function.DoublePredicate;
import java.util.function.Supplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;

/**
 * jsymex-internal DoubleStream implementation: one stage of a pull-based pipeline (see Pipe).
 * {@link #advance} pulls the next element into {@link #item}. IntPipeline, LongPipeline and
 * DoublePipeline (and IntStream, LongStream, DoubleStream) were written from one template and
 * differ only in their types: keep them in step.
 */
abstract class DoublePipeline extends Pipe implements DoubleStream {

    /** The current element, valid after advance() returned true. */
    double item;

    /** A source; sized: its element count is known (sourceSize). */
    DoublePipeline(boolean sized) {
        super(sized);
    }

    /** A stage pulling from upstream. */
    DoublePipeline(Pipe upstream, boolean keepsSize) {
        super(upstream, keepsSize);
    }

    /** Pulls the next element into item; false when there is none. */
    abstract boolean advance();

    // ---- sources ----

    /** The elements a[from, to). */
    static DoublePipeline of(final double[] a, final int from, final int to) {
        return new DoublePipeline(true) {
            int i = from;

            long sourceSize() {
                return to - i;
            }

            boolean advance() {
                if (i >= to) {
                    return false;
                }
                item = a[i++];
                return true;
            }
        };
    }

    static DoubleStream concat(final DoublePipeline a, final DoublePipeline b) {
        a.use();
        b.use();
        DoublePipeline r = new DoublePipeline(a.sized && b.sized) {
            boolean second;

            long sourceSize() {
                return a.knownSize() + b.knownSize();
            }

            boolean advance() {
                if (!second) {
                    if (a.advance()) {
                        item = a.item;
                        return true;
                    }
                    second = true;
                }
                if (b.advance()) {
                    item = b.item;
                    return true;
                }
                return false;
            }
        };
        r.addCloseHandler(new Runnable() {
            public void run() {
                try {
                    a.close();
                } finally {
                    b.close();
                }
            }
        });
        return r;
    }

    // ---- BaseStream ----

    /** Not part of the model's DoubleStream interface (no PrimitiveIterator); boxes the elements. */
    public Iterator<Double> iterator() {
        return boxed().iterator();
    }

    public boolean isParallel() {
        return parallelFlag();
    }

    public DoubleStream sequential() {
        setParallel(false);
        return this;
    }

    public DoubleStream parallel() {
        setParallel(true);
        return this;
    }

    public DoubleStream unordered() {
        return this;
    }

    public DoubleStream onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    public void close() {
        closePipeline();
    }

    // ---- intermediate operations ----

    private DoublePipeline up() {
        use();
        return this;
    }

    public DoubleStream filter(final DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        final DoublePipeline up = up();
        return new DoublePipeline(up, false) {
            boolean advance() {
                while (up.advance()) {
                    if (predicate.test(up.item)) {
                        item = up.item;
                        return true;
                    }
                }
                return false;
            }
        };
    }

    public DoubleStream map(final DoubleUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        final DoublePipeline up = up();
        return new DoublePipeline(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = mapper.applyAsDouble(up.item);
                return true;
            }
        };
    }

    public <U> Stream<U> mapToObj(final DoubleFunction<? extends U> mapper) {
        Objects.requireNonNull(mapper);
        final DoublePipeline up = up();
        return new RefPipeline<U>(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = mapper.apply(up.item);
                return true;
            }
        };
    }

    public IntStream mapToInt(final DoubleToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        final DoublePipeline up = up();
        return new IntPipeline(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = mapper.applyAsInt(up.item);
                return true;
            }
        };
    }

    public LongStream mapToLong(final DoubleToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        final DoublePipeline up = up();
        return new LongPipeline(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = mapper.applyAsLong(up.item);
                return true;
            }
        };
    }

    public Stream<Double> boxed() {
        final DoublePipeline up = up();
        return new RefPipeline<Double>(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = Double.valueOf(up.item);
                return true;
            }
        };
    }

    /** Each element's stream is pulled through and then closed, as in Java. */
    public DoubleStream flatMap(final DoubleFunction<? extends DoubleStream> mapper) {
        Objects.requireNonNull(mapper);
        final DoublePipeline up = up();
        return new DoublePipeline(up, false) {
            DoublePipeline inner;

            boolean advance() {
                while (true) {
                    if (inner != null) {
                        if (inner.advance()) {
                            item = inner.item;
                            return true;
                        }
                        DoublePipeline done = inner;
                        inner = null;
                        done.close();
                    }
                    if (!up.advance()) {
                        return false;
                    }
                    DoublePipeline s = (DoublePipeline) mapper.apply(up.item);
                    if (s != null) {
                        s.use();
                        inner = s;
                    }
                }
            }
        };
    }

    public DoubleStream distinct() {
        final DoublePipeline up = up();
        return new DoublePipeline(up, false) {
            final HashSet<Double> seen = new HashSet<>();

            boolean advance() {
                while (up.advance()) {
                    if (seen.add(Double.valueOf(up.item))) {
                        item = up.item;
                        return true;
                    }
                }
                return false;
            }
        };
    }

    /** Pulls everything, sorts, then emits. */
    public DoubleStream sorted() {
        final DoublePipeline up = up();
        return new DoublePipeline(up, true) {
            double[] sorted;
            int i;

            boolean advance() {
                if (sorted == null) {
                    sorted = up.drain();
                    Arrays.sort(sorted);
                }
                if (i >= sorted.length) {
                    return false;
                }
                item = sorted[i++];
                return true;
            }
        };
    }

    public DoubleStream peek(final DoubleConsumer action) {
        Objects.requireNonNull(action);
        final DoublePipeline up = up();
        return new DoublePipeline(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = up.item;
                action.accept(item);
                return true;
            }
        };
    }

    public DoubleStream limit(final long maxSize) {
        checkCount(maxSize);
        final DoublePipeline up = up();
        return new DoublePipeline(up, true) {
            long taken;

            long adjustSize(long upstreamSize) {
                return Math.min(upstreamSize, maxSize);
            }

            boolean advance() {
                if (taken >= maxSize || !up.advance()) {
                    return false;
                }
                taken++;
                item = up.item;
                return true;
            }
        };
    }

    public DoubleStream skip(final long n) {
        checkCount(n);
        final DoublePipeline up = up();
        return new DoublePipeline(up, true) {
            long skipped;

            long adjustSize(long upstreamSize) {
                return Math.max(0, upstreamSize - n);
            }

            boolean advance() {
                while (skipped < n) {
                    if (!up.advance()) {
                        return false;
                    }
                    skipped++;
                }
                if (!up.advance()) {
                    return false;
                }
                item = up.item;
                return true;
            }
        };
    }

    public DoubleStream takeWhile(final DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        final DoublePipeline up = up();
        return new DoublePipeline(up, false) {
            boolean done;

            boolean advance() {
                if (done || !up.advance()) {
                    return false;
                }
                if (!predicate.test(up.item)) {
                    done = true;
                    return false;
                }
                item = up.item;
                return true;
            }
        };
    }

    public DoubleStream dropWhile(final DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        final DoublePipeline up = up();
        return new DoublePipeline(up, false) {
            boolean dropping = true;

            boolean advance() {
                while (up.advance()) {
                    if (dropping && predicate.test(up.item)) {
                        continue;
                    }
                    dropping = false;
                    item = up.item;
                    return true;
                }
                return false;
            }
        };
    }

    // ---- terminal operations ----

    /** Every remaining element, in order. */
    private double[] drain() {
        double[] a = new double[8];
        int n = 0;
        while (advance()) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = item;
        }
        return Arrays.copyOf(a, n);
    }

    public void forEach(DoubleConsumer action) {
        Objects.requireNonNull(action);
        use();
        while (advance()) {
            action.accept(item);
        }
    }

    public void forEachOrdered(DoubleConsumer action) {
        forEach(action);
    }

    public double[] toArray() {
        use();
        return drain();
    }

    public double reduce(double identity, DoubleBinaryOperator op) {
        Objects.requireNonNull(op);
        use();
        double result = identity;
        while (advance()) {
            result = op.applyAsDouble(result, item);
        }
        return result;
    }

    public OptionalDouble reduce(DoubleBinaryOperator op) {
        Objects.requireNonNull(op);
        use();
        if (!advance()) {
            return OptionalDouble.empty();
        }
        double result = item;
        while (advance()) {
            result = op.applyAsDouble(result, item);
        }
        return OptionalDouble.of(result);
    }

    public <R> R collect(Supplier<R> supplier, ObjDoubleConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        use();
        R container = supplier.get();
        while (advance()) {
            accumulator.accept(container, item);
        }
        return container;
    }

    /** Java's compensated summation (Pipe.sumWithCompensation). */
    public double sum() {
        use();
        double[] s = new double[3];
        while (advance()) {
            sumWithCompensation(s, item);
            s[2] += item;
        }
        return finalSum(s[0], s[1], s[2]);
    }

    public OptionalDouble average() {
        use();
        double[] s = new double[3];
        long n = 0;
        while (advance()) {
            n++;
            sumWithCompensation(s, item);
            s[2] += item;
        }
        return n > 0 ? OptionalDouble.of(finalSum(s[0], s[1], s[2]) / n) : OptionalDouble.empty();
    }

    public OptionalDouble min() {
        use();
        if (!advance()) {
            return OptionalDouble.empty();
        }
        double result = item;
        while (advance()) {
            result = Math.min(result, item);
        }
        return OptionalDouble.of(result);
    }

    public OptionalDouble max() {
        use();
        if (!advance()) {
            return OptionalDouble.empty();
        }
        double result = item;
        while (advance()) {
            result = Math.max(result, item);
        }
        return OptionalDouble.of(result);
    }

    /** Java 17 does not run the pipeline when the count is known (see Pipe). */
    public long count() {
        use();
        long n = knownSize();
        if (n >= 0) {
            return n;
        }
        n = 0;
        while (advance()) {
            n++;
        }
        return n;
    }

    public boolean anyMatch(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (!predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public OptionalDouble findFirst() {
        use();
        return advance() ? OptionalDouble.of(item) : OptionalDouble.empty();
    }

    public OptionalDouble findAny() {
        return findFirst();
    }
}
