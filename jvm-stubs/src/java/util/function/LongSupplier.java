package java.util.function;

/** jsymex model of java.util.function.LongSupplier. */
@FunctionalInterface
public interface LongSupplier {

    long getAsLong();
}
