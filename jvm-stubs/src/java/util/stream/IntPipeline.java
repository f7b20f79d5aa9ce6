package java.util.stream;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import java.util.function.IntUnaryOperator;
import java.util.function.IntToLongFunction;
import java.util.function.IntToDoubleFunction;

/**
 * jsymex-internal IntStream implementation: one stage of a pull-based pipeline (see Pipe).
 * {@link #advance} pulls the next element into {@link #item}. IntPipeline, LongPipeline and
 * DoublePipeline (and IntStream, LongStream, DoubleStream) were written from one template and
 * differ only in their types: keep them in step.
 */
abstract class IntPipeline extends Pipe implements IntStream {

    /** The current element, valid after advance() returned true. */
    int item;

    /** A source; sized: its element count is known (sourceSize). */
    IntPipeline(boolean sized) {
        super(sized);
    }

    /** A stage pulling from upstream. */
    IntPipeline(Pipe upstream, boolean keepsSize) {
        super(upstream, keepsSize);
    }

    /** Pulls the next element into item; false when there is none. */
    abstract boolean advance();

    // ---- sources ----

    /** The elements a[from, to). */
    static IntPipeline of(final int[] a, final int from, final int to) {
        return new IntPipeline(true) {
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

    /** from, from + 1, ..., to (from <= to), sized. */
    static IntPipeline range(final int from, final int to) {
        return new IntPipeline(true) {
            int next = from;
            boolean done;

            long sourceSize() {
                return done ? 0 : (long) to - next + 1;
            }

            boolean advance() {
                if (done) {
                    return false;
                }
                item = next;
                if (next == to) {
                    done = true;
                } else {
                    next++;
                }
                return true;
            }
        };
    }

    static IntStream concat(final IntPipeline a, final IntPipeline b) {
        a.use();
        b.use();
        IntPipeline r = new IntPipeline(a.sized && b.sized) {
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

    /** Not part of the model's IntStream interface (no PrimitiveIterator); boxes the elements. */
    public Iterator<Integer> iterator() {
        return boxed().iterator();
    }

    public boolean isParallel() {
        return parallelFlag();
    }

    public IntStream sequential() {
        setParallel(false);
        return this;
    }

    public IntStream parallel() {
        setParallel(true);
        return this;
    }

    public IntStream unordered() {
        return this;
    }

    public IntStream onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    public void close() {
        closePipeline();
    }

    // ---- intermediate operations ----

    private IntPipeline up() {
        use();
        return this;
    }

    public IntStream filter(final IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        final IntPipeline up = up();
        return new IntPipeline(up, false) {
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

    public IntStream map(final IntUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        final IntPipeline up = up();
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

    public <U> Stream<U> mapToObj(final IntFunction<? extends U> mapper) {
        Objects.requireNonNull(mapper);
        final IntPipeline up = up();
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

    public LongStream mapToLong(final IntToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        final IntPipeline up = up();
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

    public DoubleStream mapToDouble(final IntToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        final IntPipeline up = up();
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

    public LongStream asLongStream() {
        final IntPipeline up = up();
        return new LongPipeline(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = up.item;
                return true;
            }
        };
    }

    public DoubleStream asDoubleStream() {
        final IntPipeline up = up();
        return new DoublePipeline(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = up.item;
                return true;
            }
        };
    }

    public Stream<Integer> boxed() {
        final IntPipeline up = up();
        return new RefPipeline<Integer>(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = Integer.valueOf(up.item);
                return true;
            }
        };
    }

    /** Each element's stream is pulled through and then closed, as in Java. */
    public IntStream flatMap(final IntFunction<? extends IntStream> mapper) {
        Objects.requireNonNull(mapper);
        final IntPipeline up = up();
        return new IntPipeline(up, false) {
            IntPipeline inner;

            boolean advance() {
                while (true) {
                    if (inner != null) {
                        if (inner.advance()) {
                            item = inner.item;
                            return true;
                        }
                        IntPipeline done = inner;
                        inner = null;
                        done.close();
                    }
                    if (!up.advance()) {
                        return false;
                    }
                    IntPipeline s = (IntPipeline) mapper.apply(up.item);
                    if (s != null) {
                        s.use();
                        inner = s;
                    }
                }
            }
        };
    }

    public IntStream distinct() {
        final IntPipeline up = up();
        return new IntPipeline(up, false) {
            final HashSet<Integer> seen = new HashSet<>();

            boolean advance() {
                while (up.advance()) {
                    if (seen.add(Integer.valueOf(up.item))) {
                        item = up.item;
                        return true;
                    }
                }
                return false;
            }
        };
    }

    /** Pulls everything, sorts, then emits. */
    public IntStream sorted() {
        final IntPipeline up = up();
        return new IntPipeline(up, true) {
            int[] sorted;
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

    public IntStream peek(final IntConsumer action) {
        Objects.requireNonNull(action);
        final IntPipeline up = up();
        return new IntPipeline(up, true) {
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

    public IntStream limit(final long maxSize) {
        checkCount(maxSize);
        final IntPipeline up = up();
        return new IntPipeline(up, true) {
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

    public IntStream skip(final long n) {
        checkCount(n);
        final IntPipeline up = up();
        return new IntPipeline(up, true) {
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

    public IntStream takeWhile(final IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        final IntPipeline up = up();
        return new IntPipeline(up, false) {
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

    public IntStream dropWhile(final IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        final IntPipeline up = up();
        return new IntPipeline(up, false) {
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
    private int[] drain() {
        int[] a = new int[8];
        int n = 0;
        while (advance()) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = item;
        }
        return Arrays.copyOf(a, n);
    }

    public void forEach(IntConsumer action) {
        Objects.requireNonNull(action);
        use();
        while (advance()) {
            action.accept(item);
        }
    }

    public void forEachOrdered(IntConsumer action) {
        forEach(action);
    }

    public int[] toArray() {
        use();
        return drain();
    }

    public int reduce(int identity, IntBinaryOperator op) {
        Objects.requireNonNull(op);
        use();
        int result = identity;
        while (advance()) {
            result = op.applyAsInt(result, item);
        }
        return result;
    }

    public OptionalInt reduce(IntBinaryOperator op) {
        Objects.requireNonNull(op);
        use();
        if (!advance()) {
            return OptionalInt.empty();
        }
        int result = item;
        while (advance()) {
            result = op.applyAsInt(result, item);
        }
        return OptionalInt.of(result);
    }

    public <R> R collect(Supplier<R> supplier, ObjIntConsumer<R> accumulator, BiConsumer<R, R> combiner) {
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

    public int sum() {
        use();
        int s = 0;
        while (advance()) {
            s += item;
        }
        return s;
    }

    public OptionalDouble average() {
        use();
        long n = 0;
        long s = 0;
        while (advance()) {
            n++;
            s += item;
        }
        return n > 0 ? OptionalDouble.of((double) s / n) : OptionalDouble.empty();
    }

    public OptionalInt min() {
        use();
        if (!advance()) {
            return OptionalInt.empty();
        }
        int result = item;
        while (advance()) {
            result = Math.min(result, item);
        }
        return OptionalInt.of(result);
    }

    public OptionalInt max() {
        use();
        if (!advance()) {
            return OptionalInt.empty();
        }
        int result = item;
        while (advance()) {
            result = Math.max(result, item);
        }
        return OptionalInt.of(result);
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

    public java.util.IntSummaryStatistics summaryStatistics() {
        use();
        java.util.IntSummaryStatistics st = new java.util.IntSummaryStatistics();
        while (advance()) {
            st.accept(item);
        }
        return st;
    }

    public boolean anyMatch(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (!predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public OptionalInt findFirst() {
        use();
        return advance() ? OptionalInt.of(item) : OptionalInt.empty();
    }

    public OptionalInt findAny() {
        return findFirst();
    }
}
