package java.lang;

/**
 * jsymex model of java.lang.CloneNotSupportedException: thrown by Object.clone for non-Cloneable objects.
 */
public class CloneNotSupportedException extends Exception {

    public CloneNotSupportedException() {
        super();
    }

    public CloneNotSupportedException(String message) {
        super(message);
    }
}
