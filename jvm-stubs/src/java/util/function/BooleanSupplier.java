package java.util.function;

/** jsymex model of java.util.function.BooleanSupplier. */
public interface BooleanSupplier {

    boolean getAsBoolean();
}
