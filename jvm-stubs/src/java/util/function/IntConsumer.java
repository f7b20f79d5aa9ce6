package java.util.function;

/** jsymex model of java.util.function.IntConsumer. */
public interface IntConsumer {

    void accept(int value);

    default IntConsumer andThen(IntConsumer after) {
        java.util.Objects.requireNonNull(after);
        return (int v) -> {
            accept(v);
            after.accept(v);
        };
    }
}
