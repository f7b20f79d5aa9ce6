package java.util.function;

/** jsymex model of java.util.function.IntPredicate. */
public interface IntPredicate {

    boolean test(int value);
}
