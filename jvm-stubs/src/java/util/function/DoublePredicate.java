package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.DoublePredicate. */
@FunctionalInterface
public interface DoublePredicate {

    boolean test(double value);

    default DoublePredicate and(DoublePredicate other) {
        Objects.requireNonNull(other);
        return (double v) -> test(v) && other.test(v);
    }

    default DoublePredicate or(DoublePredicate other) {
        Objects.requireNonNull(other);
        return (double v) -> test(v) || other.test(v);
    }

    default DoublePredicate negate() {
        return (double v) -> !test(v);
    }
}
