package java.util.function;

/** jsymex model of java.util.function.IntConsumer. */
public interface IntConsumer {

    void accept(int value);
}
