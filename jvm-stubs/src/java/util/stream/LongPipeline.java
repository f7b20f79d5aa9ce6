package java.util.stream;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import java.util.function.ObjLongConsumer;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import java.util.function.LongUnaryOperator;
import java.util.function.LongToIntFunction;
import java.util.function.LongToDoubleFunction;

/**
 * jsymex-internal LongStream implementation: one stage of a pull-based pipeline (see Pipe).
 * {@link #advance} pulls the next element into {@link #item}. IntPipeline, LongPipeline and
 * DoublePipeline (and IntStream, LongStream, DoubleStream) were written from one template and
 * differ only in their types: keep them in step.
 */
abstract class LongPipeline extends Pipe implements LongStream {

    /** The current element, valid after advance() returned true. */
    long item;

    /** A source; sized: its element count is known (sourceSize). */
    LongPipeline(boolean sized) {
        super(sized);
    }

    /** A stage pulling from upstream. */
    LongPipeline(Pipe upstream, boolean keepsSize) {
        super(upstream, keepsSize);
    }

    /** Pulls the next element into item; false when there is none. */
    abstract boolean advance();

    // ---- sources ----

    /** The elements a[from, to). */
    static LongPipeline of(final long[] a, final int from, final int to) {
        return new LongPipeline(true) {
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
    static LongPipeline range(final long from, final long to) {
        return new LongPipeline(true) {
            long next = from;
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

    static LongStream concat(final LongPipeline a, final LongPipeline b) {
        a.use();
        b.use();
        LongPipeline r = new LongPipeline(a.sized && b.sized) {
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

    /** Not part of the model's LongStream interface (no PrimitiveIterator); boxes the elements. */
    public Iterator<Long> iterator() {
        return boxed().iterator();
    }

    public boolean isParallel() {
        return parallelFlag();
    }

    public LongStream sequential() {
        setParallel(false);
        return this;
    }

    public LongStream parallel() {
        setParallel(true);
        return this;
    }

    public LongStream unordered() {
        return this;
    }

    public LongStream onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    public void close() {
        closePipeline();
    }

    // ---- intermediate operations ----

    private LongPipeline up() {
        use();
        return this;
    }

    public LongStream filter(final LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        final LongPipeline up = up();
        return new LongPipeline(up, false) {
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

    public LongStream map(final LongUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        final LongPipeline up = up();
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

    public <U> Stream<U> mapToObj(final LongFunction<? extends U> mapper) {
        Objects.requireNonNull(mapper);
        final LongPipeline up = up();
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

    public IntStream mapToInt(final LongToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        final LongPipeline up = up();
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

    public DoubleStream mapToDouble(final LongToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        final LongPipeline up = up();
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

    public DoubleStream asDoubleStream() {
        final LongPipeline up = up();
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

    public Stream<Long> boxed() {
        final LongPipeline up = up();
        return new RefPipeline<Long>(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = Long.valueOf(up.item);
                return true;
            }
        };
    }

    /** Each element's stream is pulled through and then closed, as in Java. */
    public LongStream flatMap(final LongFunction<? extends LongStream> mapper) {
        Objects.requireNonNull(mapper);
        final LongPipeline up = up();
        return new LongPipeline(up, false) {
            LongPipeline inner;

            boolean advance() {
                while (true) {
                    if (inner != null) {
                        if (inner.advance()) {
                            item = inner.item;
                            return true;
                        }
                        LongPipeline done = inner;
                        inner = null;
                        done.close();
                    }
                    if (!up.advance()) {
                        return false;
                    }
                    LongPipeline s = (LongPipeline) mapper.apply(up.item);
                    if (s != null) {
                        s.use();
                        inner = s;
                    }
                }
            }
        };
    }

    public LongStream distinct() {
        final LongPipeline up = up();
        return new LongPipeline(up, false) {
            final HashSet<Long> seen = new HashSet<>();

            boolean advance() {
                while (up.advance()) {
                    if (seen.add(Long.valueOf(up.item))) {
                        item = up.item;
                        return true;
                    }
                }
                return false;
            }
        };
    }

    /** Pulls everything, sorts, then emits. */
    public LongStream sorted() {
        final LongPipeline up = up();
        return new LongPipeline(up, true) {
            long[] sorted;
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

    public LongStream peek(final LongConsumer action) {
        Objects.requireNonNull(action);
        final LongPipeline up = up();
        return new LongPipeline(up, true) {
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

    public LongStream limit(final long maxSize) {
        checkCount(maxSize);
        final LongPipeline up = up();
        return new LongPipeline(up, true) {
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

    public LongStream skip(final long n) {
        checkCount(n);
        final LongPipeline up = up();
        return new LongPipeline(up, true) {
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

    public LongStream takeWhile(final LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        final LongPipeline up = up();
        return new LongPipeline(up, false) {
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

    public LongStream dropWhile(final LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        final LongPipeline up = up();
        return new LongPipeline(up, false) {
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
    private long[] drain() {
        long[] a = new long[8];
        int n = 0;
        while (advance()) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = item;
        }
        return Arrays.copyOf(a, n);
    }

    public void forEach(LongConsumer action) {
        Objects.requireNonNull(action);
        use();
        while (advance()) {
            action.accept(item);
        }
    }

    public void forEachOrdered(LongConsumer action) {
        forEach(action);
    }

    public long[] toArray() {
        use();
        return drain();
    }

    public long reduce(long identity, LongBinaryOperator op) {
        Objects.requireNonNull(op);
        use();
        long result = identity;
        while (advance()) {
            result = op.applyAsLong(result, item);
        }
        return result;
    }

    public OptionalLong reduce(LongBinaryOperator op) {
        Objects.requireNonNull(op);
        use();
        if (!advance()) {
            return OptionalLong.empty();
        }
        long result = item;
        while (advance()) {
            result = op.applyAsLong(result, item);
        }
        return OptionalLong.of(result);
    }

    public <R> R collect(Supplier<R> supplier, ObjLongConsumer<R> accumulator, BiConsumer<R, R> combiner) {
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

    public long sum() {
        use();
        long s = 0;
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

    public OptionalLong min() {
        use();
        if (!advance()) {
            return OptionalLong.empty();
        }
        long result = item;
        while (advance()) {
            result = Math.min(result, item);
        }
        return OptionalLong.of(result);
    }

    public OptionalLong max() {
        use();
        if (!advance()) {
            return OptionalLong.empty();
        }
        long result = item;
        while (advance()) {
            result = Math.max(result, item);
        }
        return OptionalLong.of(result);
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

    public boolean anyMatch(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (!predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public OptionalLong findFirst() {
        use();
        return advance() ? OptionalLong.of(item) : OptionalLong.empty();
    }

    public OptionalLong findAny() {
        return findFirst();
    }
}
