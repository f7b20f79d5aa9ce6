package java.util.function;

/** jsymex model of java.util.function.IntBinaryOperator. */
public interface IntBinaryOperator {

    int applyAsInt(int left, int right);
}
