package java.util.function;

/** jsymex model of java.util.function.ObjIntConsumer. */
@FunctionalInterface
public interface ObjIntConsumer<T> {

    void accept(T t, int value);
}
