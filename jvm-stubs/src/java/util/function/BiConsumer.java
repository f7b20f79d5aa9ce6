package java.util.function;

import java.util.Objects;

/** jsymex model of java.util.function.BiConsumer. */
public interface BiConsumer<T, U> {

    void accept(T t, U u);

    default BiConsumer<T, U> andThen(BiConsumer<? super T, ? super U> after) {
        Objects.requireNonNull(after);
        return (T l, U r) -> {
            accept(l, r);
            after.accept(l, r);
        };
    }
}
