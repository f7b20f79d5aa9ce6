package java.util.function;

/** jsymex model of java.util.function.BinaryOperator. */
public interface BinaryOperator<T> extends BiFunction<T, T, T> {
}
