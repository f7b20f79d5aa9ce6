package java.util.stream;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * jsymex model of java.util.stream.Collectors, with Java's result types: ArrayList for toList,
 * HashSet for toSet, HashMap for toMap and groupingBy (so iteration orders are Java's),
 * Java's "Duplicate key" message, compensated summation for the double collectors, and a
 * partition map printing "{false=..., true=...}". Not modelled: the concurrent collectors,
 * summarizingLong and summarizingDouble.
 */
public final class Collectors {

    private Collectors() {
    }

    static final Function<Object, Object> IDENTITY = new Function<Object, Object>() {
        public Object apply(Object o) {
            return o;
        }
    };

    static final Set<Collector.Characteristics> CH_ID =
            Collections.unmodifiableSet(characteristics(Collector.Characteristics.IDENTITY_FINISH));
    static final Set<Collector.Characteristics> CH_UNORDERED_ID = Collections.unmodifiableSet(
            characteristics(Collector.Characteristics.UNORDERED, Collector.Characteristics.IDENTITY_FINISH));
    static final Set<Collector.Characteristics> CH_NOID = Collections.emptySet();
    static final Set<Collector.Characteristics> CH_UNORDERED_NOID =
            Collections.unmodifiableSet(characteristics(Collector.Characteristics.UNORDERED));

    private static Set<Collector.Characteristics> characteristics(Collector.Characteristics... cs) {
        HashSet<Collector.Characteristics> s = new HashSet<>();
        for (int i = 0; i < cs.length; i++) {
            s.add(cs[i]);
        }
        return s;
    }

    /** A collector from its five parts. */
    static final class CollectorImpl<T, A, R> implements Collector<T, A, R> {
        private final Supplier<A> supplier;
        private final BiConsumer<A, T> accumulator;
        private final BinaryOperator<A> combiner;
        private final Function<A, R> finisher;
        private final Set<Characteristics> characteristics;

        CollectorImpl(Supplier<A> supplier, BiConsumer<A, T> accumulator, BinaryOperator<A> combiner,
                Function<A, R> finisher, Set<Characteristics> characteristics) {
            this.supplier = supplier;
            this.accumulator = accumulator;
            this.combiner = combiner;
            this.finisher = finisher;
            this.characteristics = characteristics;
        }

        @SuppressWarnings("unchecked")
        CollectorImpl(Supplier<A> supplier, BiConsumer<A, T> accumulator, BinaryOperator<A> combiner,
                Set<Characteristics> characteristics) {
            this(supplier, accumulator, combiner, (Function<A, R>) IDENTITY, characteristics);
        }

        public Supplier<A> supplier() {
            return supplier;
        }

        public BiConsumer<A, T> accumulator() {
            return accumulator;
        }

        public BinaryOperator<A> combiner() {
            return combiner;
        }

        public Function<A, R> finisher() {
            return finisher;
        }

        public Set<Characteristics> characteristics() {
            return characteristics;
        }
    }

    @SuppressWarnings("unchecked")
    private static <A, R> Function<A, R> castingIdentity() {
        return (Function<A, R>) IDENTITY;
    }

    /** Applies a collector's finisher unless it has IDENTITY_FINISH. */
    @SuppressWarnings("unchecked")
    private static <A, R> R finish(Collector<?, A, R> c, A container) {
        if (c.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return (R) container;
        }
        return c.finisher().apply(container);
    }

    // ---- collections ----

    public static <T, C extends Collection<T>> Collector<T, ?, C> toCollection(Supplier<C> collectionFactory) {
        return new CollectorImpl<T, C, C>(collectionFactory, (c, t) -> c.add(t), (r1, r2) -> {
            r1.addAll(r2);
            return r1;
        }, CH_ID);
    }

    public static <T> Collector<T, ?, List<T>> toList() {
        return new CollectorImpl<T, List<T>, List<T>>(() -> new ArrayList<T>(), (l, t) -> l.add(t), (l, r) -> {
            l.addAll(r);
            return l;
        }, CH_ID);
    }

    /** List.copyOf of the elements (no nulls). */
    public static <T> Collector<T, ?, List<T>> toUnmodifiableList() {
        return new CollectorImpl<T, List<T>, List<T>>(() -> new ArrayList<T>(), (l, t) -> l.add(t), (l, r) -> {
            l.addAll(r);
            return l;
        }, l -> List.copyOf(l), CH_NOID);
    }

    public static <T> Collector<T, ?, Set<T>> toSet() {
        return new CollectorImpl<T, Set<T>, Set<T>>(() -> new HashSet<T>(), (s, t) -> s.add(t), (l, r) -> {
            l.addAll(r);
            return l;
        }, CH_UNORDERED_ID);
    }

    public static <T> Collector<T, ?, Set<T>> toUnmodifiableSet() {
        return new CollectorImpl<T, Set<T>, Set<T>>(() -> new HashSet<T>(), (s, t) -> s.add(t), (l, r) -> {
            l.addAll(r);
            return l;
        }, s -> Set.copyOf(s), CH_UNORDERED_NOID);
    }

    // ---- joining ----

    public static Collector<CharSequence, ?, String> joining() {
        return new CollectorImpl<CharSequence, StringBuilder, String>(() -> new StringBuilder(), (sb, s) -> sb.append(s),
                (r1, r2) -> {
                    r1.append(r2);
                    return r1;
                }, sb -> sb.toString(), CH_NOID);
    }

    public static Collector<CharSequence, ?, String> joining(CharSequence delimiter) {
        return joining(delimiter, "", "");
    }

    public static Collector<CharSequence, ?, String> joining(CharSequence delimiter, CharSequence prefix,
            CharSequence suffix) {
        Objects.requireNonNull(delimiter, "The delimiter must not be null");
        Objects.requireNonNull(prefix, "The prefix must not be null");
        Objects.requireNonNull(suffix, "The suffix must not be null");
        final String d = delimiter.toString();
        final String p = prefix.toString();
        final String s = suffix.toString();
        return new CollectorImpl<CharSequence, StringJoiner, String>(() -> new StringJoiner(d, p, s),
                (j, cs) -> j.add(cs), (a, b) -> a.merge(b), j -> j.toString(), CH_NOID);
    }

    // ---- adapters ----

    public static <T, U, A, R> Collector<T, ?, R> mapping(Function<? super T, ? extends U> mapper,
            Collector<? super U, A, R> downstream) {
        BiConsumer<A, ? super U> acc = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), (r, t) -> acc.accept(r, mapper.apply(t)),
                downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static <T, U, A, R> Collector<T, ?, R> flatMapping(
            Function<? super T, ? extends Stream<? extends U>> mapper, Collector<? super U, A, R> downstream) {
        BiConsumer<A, ? super U> acc = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), (r, t) -> {
            Stream<? extends U> result = mapper.apply(t);
            if (result != null) {
                try {
                    result.forEach(u -> acc.accept(r, u));
                } finally {
                    result.close();
                }
            }
        }, downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static <T, A, R> Collector<T, ?, R> filtering(Predicate<? super T> predicate,
            Collector<? super T, A, R> downstream) {
        BiConsumer<A, ? super T> acc = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), (r, t) -> {
            if (predicate.test(t)) {
                acc.accept(r, t);
            }
        }, downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static <T, A, R, RR> Collector<T, A, RR> collectingAndThen(Collector<T, A, R> downstream,
            Function<R, RR> finisher) {
        Set<Collector.Characteristics> cs = downstream.characteristics();
        if (cs.contains(Collector.Characteristics.IDENTITY_FINISH)) {
            if (cs.size() == 1) {
                cs = CH_NOID;
            } else {
                HashSet<Collector.Characteristics> c2 = new HashSet<>(cs);
                c2.remove(Collector.Characteristics.IDENTITY_FINISH);
                cs = Collections.unmodifiableSet(c2);
            }
        }
        Function<A, R> first = downstream.finisher();
        return new CollectorImpl<T, A, RR>(downstream.supplier(), downstream.accumulator(), downstream.combiner(),
                a -> finisher.apply(first.apply(a)), cs);
    }

    // ---- counting, sums, averages, reductions ----

    public static <T> Collector<T, ?, Long> counting() {
        return summingLong(e -> 1L);
    }

    public static <T> Collector<T, ?, Optional<T>> minBy(Comparator<? super T> comparator) {
        return reducing(BinaryOperator.minBy(comparator));
    }

    public static <T> Collector<T, ?, Optional<T>> maxBy(Comparator<? super T> comparator) {
        return reducing(BinaryOperator.maxBy(comparator));
    }

    public static <T> Collector<T, ?, Integer> summingInt(ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, int[], Integer>(() -> new int[1], (a, t) -> {
            a[0] += mapper.applyAsInt(t);
        }, (a, b) -> {
            a[0] += b[0];
            return a;
        }, a -> Integer.valueOf(a[0]), CH_NOID);
    }

    public static <T> Collector<T, ?, Long> summingLong(ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Long>(() -> new long[1], (a, t) -> {
            a[0] += mapper.applyAsLong(t);
        }, (a, b) -> {
            a[0] += b[0];
            return a;
        }, a -> Long.valueOf(a[0]), CH_NOID);
    }

    /** Compensated summation as Java's: a[0] the sum, a[1] the compensation, a[2] the plain sum. */
    public static <T> Collector<T, ?, Double> summingDouble(ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, double[], Double>(() -> new double[3], (a, t) -> {
            double val = mapper.applyAsDouble(t);
            Pipe.sumWithCompensation(a, val);
            a[2] += val;
        }, (a, b) -> a, a -> Double.valueOf(Pipe.finalSum(a[0], a[1], a[2])), CH_NOID);
    }

    public static <T> Collector<T, ?, Double> averagingInt(ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Double>(() -> new long[2], (a, t) -> {
            a[0] += mapper.applyAsInt(t);
            a[1]++;
        }, (a, b) -> a, a -> Double.valueOf((a[1] == 0) ? 0.0d : (double) a[0] / a[1]), CH_NOID);
    }

    public static <T> Collector<T, ?, Double> averagingLong(ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Double>(() -> new long[2], (a, t) -> {
            a[0] += mapper.applyAsLong(t);
            a[1]++;
        }, (a, b) -> a, a -> Double.valueOf((a[1] == 0) ? 0.0d : (double) a[0] / a[1]), CH_NOID);
    }

    /** a[0] the sum, a[1] the compensation, a[2] the count, a[3] the plain sum. */
    public static <T> Collector<T, ?, Double> averagingDouble(ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, double[], Double>(() -> new double[4], (a, t) -> {
            double val = mapper.applyAsDouble(t);
            Pipe.sumWithCompensation(a, val);
            a[2]++;
            a[3] += val;
        }, (a, b) -> a, a -> Double.valueOf((a[2] == 0) ? 0.0d : Pipe.finalSum(a[0], a[1], a[3]) / a[2]), CH_NOID);
    }

    public static <T> Collector<T, ?, IntSummaryStatistics> summarizingInt(ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, IntSummaryStatistics, IntSummaryStatistics>(() -> new IntSummaryStatistics(),
                (r, t) -> r.accept(mapper.applyAsInt(t)), (l, r) -> {
                    l.combine(r);
                    return l;
                }, CH_ID);
    }

    public static <T> Collector<T, ?, T> reducing(T identity, BinaryOperator<T> op) {
        return new CollectorImpl<T, Object[], T>(() -> new Object[] {identity}, (a, t) -> {
            a[0] = op.apply(castElem(a[0]), t);
        }, (a, b) -> a, a -> castElem(a[0]), CH_NOID);
    }

    public static <T> Collector<T, ?, Optional<T>> reducing(BinaryOperator<T> op) {
        // {present, value}
        return new CollectorImpl<T, Object[], Optional<T>>(() -> new Object[2], (a, t) -> {
            if (a[0] != null) {
                a[1] = op.apply(castElem(a[1]), t);
            } else {
                a[0] = Boolean.TRUE;
                a[1] = t;
            }
        }, (a, b) -> a, a -> a[0] != null ? Optional.of(castElem(a[1])) : Optional.empty(), CH_NOID);
    }

    public static <T, U> Collector<T, ?, U> reducing(U identity, Function<? super T, ? extends U> mapper,
            BinaryOperator<U> op) {
        return new CollectorImpl<T, Object[], U>(() -> new Object[] {identity}, (a, t) -> {
            a[0] = op.apply(castElem(a[0]), mapper.apply(t));
        }, (a, b) -> a, a -> castElem(a[0]), CH_NOID);
    }

    @SuppressWarnings("unchecked")
    private static <T> T castElem(Object o) {
        return (T) o;
    }

    public static <T, R1, R2, R> Collector<T, ?, R> teeing(Collector<? super T, ?, R1> downstream1,
            Collector<? super T, ?, R2> downstream2, BiFunction<? super R1, ? super R2, R> merger) {
        return teeing0(downstream1, downstream2, merger);
    }

    @SuppressWarnings("unchecked")
    private static <T, A1, A2, R1, R2, R> Collector<T, ?, R> teeing0(Collector<? super T, A1, R1> c1,
            Collector<? super T, A2, R2> c2, BiFunction<? super R1, ? super R2, R> merger) {
        Supplier<A1> s1 = c1.supplier();
        Supplier<A2> s2 = c2.supplier();
        BiConsumer<A1, ? super T> a1 = c1.accumulator();
        BiConsumer<A2, ? super T> a2 = c2.accumulator();
        return new CollectorImpl<T, Object[], R>(() -> new Object[] {s1.get(), s2.get()}, (p, t) -> {
            a1.accept((A1) p[0], t);
            a2.accept((A2) p[1], t);
        }, (p, q) -> p, p -> merger.apply(finish(c1, (A1) p[0]), finish(c2, (A2) p[1])), CH_NOID);
    }

    // ---- maps ----

    public static <T, K> Collector<T, ?, Map<K, List<T>>> groupingBy(Function<? super T, ? extends K> classifier) {
        return groupingBy(classifier, toList());
    }

    public static <T, K, A, D> Collector<T, ?, Map<K, D>> groupingBy(Function<? super T, ? extends K> classifier,
            Collector<? super T, A, D> downstream) {
        return groupingBy(classifier, () -> new HashMap<K, D>(), downstream);
    }

    @SuppressWarnings("unchecked")
    public static <T, K, D, A, M extends Map<K, D>> Collector<T, ?, M> groupingBy(
            Function<? super T, ? extends K> classifier, Supplier<M> mapFactory, Collector<? super T, A, D> downstream) {
        Supplier<A> downstreamSupplier = downstream.supplier();
        BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        BiConsumer<Map<K, A>, T> accumulator = (m, t) -> {
            K key = Objects.requireNonNull(classifier.apply(t), "element cannot be mapped to a null key");
            A container = m.computeIfAbsent(key, k -> downstreamSupplier.get());
            downstreamAccumulator.accept(container, t);
        };
        Supplier<Map<K, A>> mangledFactory = (Supplier<Map<K, A>>) mapFactory;
        if (downstream.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return new CollectorImpl<T, Map<K, A>, M>(mangledFactory, accumulator, (l, r) -> l, CH_ID);
        }
        Function<A, A> downstreamFinisher = (Function<A, A>) downstream.finisher();
        return new CollectorImpl<T, Map<K, A>, M>(mangledFactory, accumulator, (l, r) -> l, intermediate -> {
            intermediate.replaceAll((k, v) -> downstreamFinisher.apply(v));
            return (M) intermediate;
        }, CH_NOID);
    }

    public static <T> Collector<T, ?, Map<Boolean, List<T>>> partitioningBy(Predicate<? super T> predicate) {
        return partitioningBy(predicate, toList());
    }

    @SuppressWarnings("unchecked")
    public static <T, D, A> Collector<T, ?, Map<Boolean, D>> partitioningBy(Predicate<? super T> predicate,
            Collector<? super T, A, D> downstream) {
        BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        Supplier<A> downstreamSupplier = downstream.supplier();
        BiConsumer<Partition<A>, T> accumulator = (r, t) -> downstreamAccumulator.accept(
                predicate.test(t) ? r.forTrue : r.forFalse, t);
        Supplier<Partition<A>> supplier = () -> new Partition<>(downstreamSupplier.get(), downstreamSupplier.get());
        if (downstream.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return new CollectorImpl<T, Partition<A>, Map<Boolean, D>>(supplier, accumulator, (l, r) -> l, CH_ID);
        }
        return new CollectorImpl<T, Partition<A>, Map<Boolean, D>>(supplier, accumulator, (l, r) -> l,
                par -> new Partition<>(downstream.finisher().apply(par.forTrue),
                        downstream.finisher().apply(par.forFalse)), CH_NOID);
    }

    /** The two-entry map of partitioningBy: false first, then true. */
    static final class Partition<T> extends AbstractMap<Boolean, T> implements Map<Boolean, T> {
        final T forTrue;
        final T forFalse;

        Partition(T forTrue, T forFalse) {
            this.forTrue = forTrue;
            this.forFalse = forFalse;
        }

        public Set<Map.Entry<Boolean, T>> entrySet() {
            return new AbstractSet<Map.Entry<Boolean, T>>() {
                public Iterator<Map.Entry<Boolean, T>> iterator() {
                    return new Iterator<Map.Entry<Boolean, T>>() {
                        int i;

                        public boolean hasNext() {
                            return i < 2;
                        }

                        public Map.Entry<Boolean, T> next() {
                            if (i >= 2) {
                                throw new NoSuchElementException();
                            }
                            i++;
                            return i == 1 ? new SimpleImmutableEntry<>(Boolean.FALSE, forFalse)
                                    : new SimpleImmutableEntry<>(Boolean.TRUE, forTrue);
                        }
                    };
                }

                public int size() {
                    return 2;
                }
            };
        }
    }

    /** Java's message for a key mapped twice by toMap without a merge function. */
    private static IllegalStateException duplicateKey(Object k, Object u, Object v) {
        return new IllegalStateException("Duplicate key " + k + " (attempted merging values " + u + " and " + v + ")");
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper) {
        Objects.requireNonNull(keyMapper);
        Objects.requireNonNull(valueMapper);
        return new CollectorImpl<T, Map<K, U>, Map<K, U>>(() -> new HashMap<K, U>(), (map, element) -> {
            K k = keyMapper.apply(element);
            U v = Objects.requireNonNull(valueMapper.apply(element));
            U u = map.putIfAbsent(k, v);
            if (u != null) {
                throw duplicateKey(k, u, v);
            }
        }, (m1, m2) -> m1, CH_ID);
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper, BinaryOperator<U> mergeFunction) {
        return toMap(keyMapper, valueMapper, mergeFunction, () -> new HashMap<K, U>());
    }

    public static <T, K, U, M extends Map<K, U>> Collector<T, ?, M> toMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper, BinaryOperator<U> mergeFunction, Supplier<M> mapFactory) {
        Objects.requireNonNull(keyMapper);
        Objects.requireNonNull(valueMapper);
        Objects.requireNonNull(mergeFunction);
        Objects.requireNonNull(mapFactory);
        return new CollectorImpl<T, M, M>(mapFactory,
                (map, element) -> map.merge(keyMapper.apply(element), valueMapper.apply(element), mergeFunction),
                (m1, m2) -> m1, CH_ID);
    }

    /** Map.copyOf of toMap's result (no null keys or values). */
    public static <T, K, U> Collector<T, ?, Map<K, U>> toUnmodifiableMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper) {
        return collectingAndThen(toMap(keyMapper, valueMapper), m -> Map.copyOf(m));
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toUnmodifiableMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper, BinaryOperator<U> mergeFunction) {
        return collectingAndThen(toMap(keyMapper, valueMapper, mergeFunction), m -> Map.copyOf(m));
    }
}
