package java.util.function;

/** jsymex model of java.util.function.IntFunction. */
public interface IntFunction<R> {

    R apply(int value);
}
