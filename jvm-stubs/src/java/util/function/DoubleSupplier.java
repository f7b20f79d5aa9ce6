package java.util.function;

/** jsymex model of java.util.function.DoubleSupplier. */
@FunctionalInterface
public interface DoubleSupplier {

    double getAsDouble();
}
