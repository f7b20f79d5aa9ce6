package java.util.function;

/** jsymex model of java.util.function.IntToDoubleFunction. */
@FunctionalInterface
public interface IntToDoubleFunction {

    double applyAsDouble(int value);
}
