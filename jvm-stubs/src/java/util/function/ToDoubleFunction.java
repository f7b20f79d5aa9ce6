package java.util.function;

/** jsymex model of java.util.function.ToDoubleFunction. */
public interface ToDoubleFunction<T> {

    double applyAsDouble(T value);
}
