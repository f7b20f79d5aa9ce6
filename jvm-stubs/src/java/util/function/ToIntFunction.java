package java.util.function;

/** jsymex model of java.util.function.ToIntFunction. */
public interface ToIntFunction<T> {

    int applyAsInt(T value);
}
