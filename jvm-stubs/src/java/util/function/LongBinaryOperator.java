package java.util.function;

/** jsymex model of java.util.function.LongBinaryOperator. */
@FunctionalInterface
public interface LongBinaryOperator {

    long applyAsLong(long left, long right);
}
