package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.DoubleConsumer. */
@FunctionalInterface
public interface DoubleConsumer {

    void accept(double value);

    default DoubleConsumer andThen(DoubleConsumer after) {
        Objects.requireNonNull(after);
        return (double v) -> {
            accept(v);
            after.accept(v);
        };
    }
}
