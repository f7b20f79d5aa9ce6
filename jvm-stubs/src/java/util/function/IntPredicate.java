package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.IntPredicate. */
public interface IntPredicate {

    boolean test(int value);

    default IntPredicate and(IntPredicate other) {
        Objects.requireNonNull(other);
        return (int v) -> test(v) && other.test(v);
    }

    default IntPredicate or(IntPredicate other) {
        Objects.requireNonNull(other);
        return (int v) -> test(v) || other.test(v);
    }

    default IntPredicate negate() {
        return (int v) -> !test(v);
    }
}
