package java.util.function;

/** jsymex model of java.util.function.LongFunction. */
@FunctionalInterface
public interface LongFunction<R> {

    R apply(long value);
}
