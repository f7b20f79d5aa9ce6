package java.util.function;

/** jsymex model of java.util.function.ToLongFunction. */
public interface ToLongFunction<T> {

    long applyAsLong(T value);
}
