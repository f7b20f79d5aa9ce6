package java.util.stream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * jsymex-internal Stream implementation: one stage of a pull-based pipeline (see Pipe).
 * {@link #advance} pulls the next element into {@link #item}.
 */
abstract class RefPipeline<T> extends Pipe implements Stream<T> {

    /** The current element, valid after advance() returned true. */
    T item;

    /** An unsized source. */
    RefPipeline() {
        super(false);
    }

    /** A source; sized: its element count is known (sourceSize). */
    RefPipeline(boolean sized) {
        super(sized);
    }

    /** A stage pulling from upstream. */
    RefPipeline(Pipe upstream, boolean keepsSize) {
        super(upstream, keepsSize);
    }

    /** Pulls the next element into item; false when there is none. */
    abstract boolean advance();

    // ---- sources ----

    /** The elements a[from, to). */
    static final class ArraySource<T> extends RefPipeline<T> {
        private final Object[] a;
        private int i;
        private final int to;

        ArraySource(Object[] a, int from, int to) {
            super(true);
            this.a = a;
            this.i = from;
            this.to = to;
        }

        long sourceSize() {
            return to - i;
        }

        @SuppressWarnings("unchecked")
        boolean advance() {
            if (i >= to) {
                return false;
            }
            item = (T) a[i++];
            return true;
        }
    }

    /** The elements of a collection, by its iterator, taken when the first element is pulled. */
    static final class CollectionSource<T> extends RefPipeline<T> {
        private final Collection<T> c;
        private Iterator<T> it;

        CollectionSource(Collection<T> c) {
            super(true);
            this.c = c;
        }

        long sourceSize() {
            return c.size();
        }

        boolean advance() {
            if (it == null) {
                it = c.iterator();
            }
            if (!it.hasNext()) {
                return false;
            }
            item = it.next();
            return true;
        }
    }

    /** The rest of an iterator (unsized). */
    static final class IteratorSource<T> extends RefPipeline<T> {
        private final Iterator<T> it;

        IteratorSource(Iterator<T> it) {
            super(false);
            this.it = it;
        }

        boolean advance() {
            if (!it.hasNext()) {
                return false;
            }
            item = it.next();
            return true;
        }
    }

    @SuppressWarnings("unchecked")
    static <T> Stream<T> concat(Stream<? extends T> a, Stream<? extends T> b) {
        final RefPipeline<T> pa = (RefPipeline<T>) a;
        final RefPipeline<T> pb = (RefPipeline<T>) b;
        pa.use();
        pb.use();
        final boolean sized = pa.sized && pb.sized;
        RefPipeline<T> r = new RefPipeline<T>(sized) {
            boolean second;

            long sourceSize() {
                return pa.knownSize() + pb.knownSize();
            }

            boolean advance() {
                if (!second) {
                    if (pa.advance()) {
                        item = pa.item;
                        return true;
                    }
                    second = true;
                }
                if (pb.advance()) {
                    item = pb.item;
                    return true;
                }
                return false;
            }
        };
        r.addCloseHandler(new Runnable() {
            public void run() {
                try {
                    pa.close();
                } finally {
                    pb.close();
                }
            }
        });
        return r;
    }

    // ---- BaseStream ----

    public Iterator<T> iterator() {
        use();
        final RefPipeline<T> p = this;
        return new Iterator<T>() {
            boolean ready;
            boolean done;

            public boolean hasNext() {
                if (!ready && !done) {
                    if (p.advance()) {
                        ready = true;
                    } else {
                        done = true;
                    }
                }
                return ready;
            }

            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return p.item;
            }
        };
    }

    public boolean isParallel() {
        return parallelFlag();
    }

    public Stream<T> sequential() {
        setParallel(false);
        return this;
    }

    public Stream<T> parallel() {
        setParallel(true);
        return this;
    }

    public Stream<T> unordered() {
        return this;
    }

    public Stream<T> onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    public void close() {
        closePipeline();
    }

    // ---- intermediate operations ----

    /** Marks this stage used and returns it (the upstream of a new stage). */
    private RefPipeline<T> up() {
        use();
        return this;
    }

    public Stream<T> filter(final Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, false) {
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

    public <R> Stream<R> map(final Function<? super T, ? extends R> mapper) {
        Objects.requireNonNull(mapper);
        final RefPipeline<T> up = up();
        return new RefPipeline<R>(up, true) {
            boolean advance() {
                if (!up.advance()) {
                    return false;
                }
                item = mapper.apply(up.item);
                return true;
            }
        };
    }

    public IntStream mapToInt(final ToIntFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        final RefPipeline<T> up = up();
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

    public LongStream mapToLong(final ToLongFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        final RefPipeline<T> up = up();
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

    public DoubleStream mapToDouble(final ToDoubleFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        final RefPipeline<T> up = up();
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

    /** Each element's stream is pulled through and then closed, as in Java. */
    @SuppressWarnings("unchecked")
    public <R> Stream<R> flatMap(final Function<? super T, ? extends Stream<? extends R>> mapper) {
        Objects.requireNonNull(mapper);
        final RefPipeline<T> up = up();
        return new RefPipeline<R>(up, false) {
            RefPipeline<R> inner;

            boolean advance() {
                while (true) {
                    if (inner != null) {
                        if (inner.advance()) {
                            item = inner.item;
                            return true;
                        }
                        RefPipeline<R> done = inner;
                        inner = null;
                        done.close();
                    }
                    if (!up.advance()) {
                        return false;
                    }
                    RefPipeline<R> s = (RefPipeline<R>) mapper.apply(up.item);
                    if (s != null) {
                        s.use();
                        inner = s;
                    }
                }
            }
        };
    }

    public IntStream flatMapToInt(final Function<? super T, ? extends IntStream> mapper) {
        Objects.requireNonNull(mapper);
        final RefPipeline<T> up = up();
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

    public Stream<T> distinct() {
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, false) {
            final HashSet<T> seen = new HashSet<>();

            boolean advance() {
                while (up.advance()) {
                    if (seen.add(up.item)) {
                        item = up.item;
                        return true;
                    }
                }
                return false;
            }
        };
    }

    public Stream<T> sorted() {
        return sortedBy(null);
    }

    public Stream<T> sorted(Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator);
        return sortedBy(comparator);
    }

    /** Pulls everything, sorts stably (natural order when c is null), then emits. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Stream<T> sortedBy(final Comparator<? super T> c) {
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, true) {
            Object[] sorted;
            int i;

            boolean advance() {
                if (sorted == null) {
                    ArrayList<T> all = new ArrayList<>();
                    while (up.advance()) {
                        all.add(up.item);
                    }
                    Object[] a = all.toArray();
                    if (c == null) {
                        Arrays.sort(a);
                    } else {
                        Arrays.sort(a, (Comparator) c);
                    }
                    sorted = a;
                }
                if (i >= sorted.length) {
                    return false;
                }
                item = (T) sorted[i++];
                return true;
            }
        };
    }

    public Stream<T> peek(final Consumer<? super T> action) {
        Objects.requireNonNull(action);
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, true) {
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

    public Stream<T> limit(final long maxSize) {
        checkCount(maxSize);
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, true) {
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

    public Stream<T> skip(final long n) {
        checkCount(n);
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, true) {
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

    public Stream<T> takeWhile(final Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, false) {
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

    public Stream<T> dropWhile(final Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        final RefPipeline<T> up = up();
        return new RefPipeline<T>(up, false) {
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

    public void forEach(Consumer<? super T> action) {
        Objects.requireNonNull(action);
        use();
        while (advance()) {
            action.accept(item);
        }
    }

    public void forEachOrdered(Consumer<? super T> action) {
        forEach(action);
    }

    public Object[] toArray() {
        use();
        ArrayList<T> all = new ArrayList<>();
        while (advance()) {
            all.add(item);
        }
        return all.toArray();
    }

    /** Stores the elements one by one (a wrong element type is an ArrayStoreException naming its class). */
    public <A> A[] toArray(IntFunction<A[]> generator) {
        Objects.requireNonNull(generator);
        Object[] all = toArray();
        A[] r = generator.apply(all.length);
        Object[] target = r;
        if (target.length < all.length) {
            throw new IllegalStateException("Accept exceeded fixed size of " + target.length);
        }
        for (int i = 0; i < all.length; i++) {
            target[i] = all[i];
        }
        if (target.length > all.length) {
            throw new IllegalStateException("End size " + all.length + " is less than fixed size " + target.length);
        }
        return r;
    }

    public T reduce(T identity, BinaryOperator<T> accumulator) {
        Objects.requireNonNull(accumulator);
        use();
        T result = identity;
        while (advance()) {
            result = accumulator.apply(result, item);
        }
        return result;
    }

    public Optional<T> reduce(BinaryOperator<T> accumulator) {
        Objects.requireNonNull(accumulator);
        use();
        if (!advance()) {
            return Optional.empty();
        }
        T result = item;
        while (advance()) {
            result = accumulator.apply(result, item);
        }
        return Optional.of(result);
    }

    public <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        use();
        U result = identity;
        while (advance()) {
            result = accumulator.apply(result, item);
        }
        return result;
    }

    public <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner) {
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

    @SuppressWarnings("unchecked")
    public <R, A> R collect(Collector<? super T, A, R> collector) {
        Objects.requireNonNull(collector);
        Supplier<A> supplier = collector.supplier();
        BiConsumer<A, ? super T> accumulator = collector.accumulator();
        collector.combiner();
        use();
        A container = supplier.get();
        while (advance()) {
            accumulator.accept(container, item);
        }
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return (R) container;
        }
        return collector.finisher().apply(container);
    }

    /** An unmodifiable list that may hold nulls, as Java 16's Stream.toList. */
    @SuppressWarnings("unchecked")
    public List<T> toList() {
        Object[] a = toArray();
        ArrayList<T> l = new ArrayList<>(a.length);
        for (int i = 0; i < a.length; i++) {
            l.add((T) a[i]);
        }
        return Collections.unmodifiableList(l);
    }

    public Optional<T> min(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.minBy(comparator));
    }

    public Optional<T> max(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.maxBy(comparator));
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

    public boolean anyMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (!predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    public Optional<T> findFirst() {
        use();
        return advance() ? Optional.of(item) : Optional.empty();
    }

    public Optional<T> findAny() {
        return findFirst();
    }
}
