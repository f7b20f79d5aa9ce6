package java.util.function;

/** jsymex model of java.util.function.IntSupplier. */
public interface IntSupplier {

    int getAsInt();
}
