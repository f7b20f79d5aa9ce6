package java.util.function;

/** jsymex model of java.util.function.Supplier. */
public interface Supplier<T> {

    T get();
}
