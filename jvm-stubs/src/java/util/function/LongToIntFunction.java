package java.util.function;

/** jsymex model of java.util.function.LongToIntFunction. */
@FunctionalInterface
public interface LongToIntFunction {

    int applyAsInt(long value);
}
