package java.util;

/** jsymex model of java.util.EmptyStackException (no message, as in Java). */
public class EmptyStackException extends RuntimeException {

    public EmptyStackException() {
    }
}
