package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.BinaryOperator. */
public interface BinaryOperator<T> extends BiFunction<T, T, T> {

    /** The lesser of two elements; the first one on a tie. */
    static <T> BinaryOperator<T> minBy(java.util.Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator);
        return (a, b) -> comparator.compare(a, b) <= 0 ? a : b;
    }

    /** The greater of two elements; the first one on a tie. */
    static <T> BinaryOperator<T> maxBy(java.util.Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator);
        return (a, b) -> comparator.compare(a, b) >= 0 ? a : b;
    }
}
