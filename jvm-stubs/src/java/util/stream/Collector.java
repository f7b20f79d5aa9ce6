package java.util.stream;

import java.util.Collections;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;

/** jsymex model of java.util.stream.Collector. */
public interface Collector<T, A, R> {

    Supplier<A> supplier();

    BiConsumer<A, T> accumulator();

    BinaryOperator<A> combiner();

    Function<A, R> finisher();

    Set<Characteristics> characteristics();

    enum Characteristics {
        CONCURRENT,
        UNORDERED,
        IDENTITY_FINISH
    }

    @SuppressWarnings("unchecked")
    public static <T, R> Collector<T, R, R> of(Supplier<R> supplier, BiConsumer<R, T> accumulator,
            BinaryOperator<R> combiner, Characteristics... characteristics) {
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(characteristics);
        Set<Characteristics> cs = set(characteristics);
        cs.add(Characteristics.IDENTITY_FINISH);
        return new Collectors.CollectorImpl<>(supplier, accumulator, combiner,
                (Function<R, R>) Collectors.IDENTITY, Collections.unmodifiableSet(cs));
    }

    public static <T, A, R> Collector<T, A, R> of(Supplier<A> supplier, BiConsumer<A, T> accumulator,
            BinaryOperator<A> combiner, Function<A, R> finisher, Characteristics... characteristics) {
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(finisher);
        Objects.requireNonNull(characteristics);
        return new Collectors.CollectorImpl<>(supplier, accumulator, combiner, finisher,
                Collections.unmodifiableSet(set(characteristics)));
    }

    private static Set<Characteristics> set(Characteristics[] cs) {
        HashSet<Characteristics> s = new HashSet<>();
        for (int i = 0; i < cs.length; i++) {
            s.add(cs[i]);
        }
        return s;
    }
}
