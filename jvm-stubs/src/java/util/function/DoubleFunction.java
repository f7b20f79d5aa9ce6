package java.util.function;

/** jsymex model of java.util.function.DoubleFunction. */
@FunctionalInterface
public interface DoubleFunction<R> {

    R apply(double value);
}
