package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.LongPredicate. */
@FunctionalInterface
public interface LongPredicate {

    boolean test(long value);

    default LongPredicate and(LongPredicate other) {
        Objects.requireNonNull(other);
        return (long v) -> test(v) && other.test(v);
    }

    default LongPredicate or(LongPredicate other) {
        Objects.requireNonNull(other);
        return (long v) -> test(v) || other.test(v);
    }

    default LongPredicate negate() {
        return (long v) -> !test(v);
    }
}
