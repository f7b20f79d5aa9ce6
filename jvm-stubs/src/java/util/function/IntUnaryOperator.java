package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.IntUnaryOperator. */
public interface IntUnaryOperator {

    int applyAsInt(int operand);

    default IntUnaryOperator compose(IntUnaryOperator before) {
        Objects.requireNonNull(before);
        return (int v) -> applyAsInt(before.applyAsInt(v));
    }

    default IntUnaryOperator andThen(IntUnaryOperator after) {
        Objects.requireNonNull(after);
        return (int v) -> after.applyAsInt(applyAsInt(v));
    }

    static IntUnaryOperator identity() {
        return (int v) -> v;
    }
}
