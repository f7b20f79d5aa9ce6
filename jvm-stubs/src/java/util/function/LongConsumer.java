package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.LongConsumer. */
@FunctionalInterface
public interface LongConsumer {

    void accept(long value);

    default LongConsumer andThen(LongConsumer after) {
        Objects.requireNonNull(after);
        return (long v) -> {
            accept(v);
            after.accept(v);
        };
    }
}
