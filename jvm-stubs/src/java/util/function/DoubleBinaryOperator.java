package java.util.function;

/** jsymex model of java.util.function.DoubleBinaryOperator. */
@FunctionalInterface
public interface DoubleBinaryOperator {

    double applyAsDouble(double left, double right);
}
