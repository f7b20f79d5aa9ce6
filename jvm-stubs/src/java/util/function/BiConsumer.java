package java.util.function;

/** jsymex model of java.util.function.BiConsumer. */
public interface BiConsumer<T, U> {

    void accept(T t, U u);
}
