package java.util.function;

/** jsymex model of java.util.function.IntToLongFunction. */
@FunctionalInterface
public interface IntToLongFunction {

    long applyAsLong(int value);
}
