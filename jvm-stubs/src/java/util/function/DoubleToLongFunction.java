package java.util.function;

/** jsymex model of java.util.function.DoubleToLongFunction. */
@FunctionalInterface
public interface DoubleToLongFunction {

    long applyAsLong(double value);
}
