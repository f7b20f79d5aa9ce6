package java.lang;

/**
 * jsymex model of java.lang.Runnable.
 */
public interface Runnable {
    void run();
}
