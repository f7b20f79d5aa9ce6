package java.util.function;

/** jsymex model of java.util.function.LongToDoubleFunction. */
@FunctionalInterface
public interface LongToDoubleFunction {

    double applyAsDouble(long value);
}
