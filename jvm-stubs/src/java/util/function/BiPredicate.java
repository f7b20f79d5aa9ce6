package java.util.function;

/** jsymex model of java.util.function.BiPredicate. */
public interface BiPredicate<T, U> {

    boolean test(T t, U u);
}
