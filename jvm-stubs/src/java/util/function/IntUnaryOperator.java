package java.util.function;

/** jsymex model of java.util.function.IntUnaryOperator. */
public interface IntUnaryOperator {

    int applyAsInt(int operand);
}
