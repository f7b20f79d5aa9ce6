package java.util.function;

/** jsymex model of java.util.function.DoubleToIntFunction. */
@FunctionalInterface
public interface DoubleToIntFunction {

    int applyAsInt(double value);
}
