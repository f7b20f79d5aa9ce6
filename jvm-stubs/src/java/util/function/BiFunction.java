package java.util.function;

/** jsymex model of java.util.function.BiFunction. */
public interface BiFunction<T, U, R> {

    R apply(T t, U u);
}
