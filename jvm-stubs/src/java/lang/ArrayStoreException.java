package java.lang;

/**
 * jsymex model of java.lang.ArrayStoreException: thrown by the VM when storing an incompatible reference in an array.
 */
public class ArrayStoreException extends RuntimeException {

    public ArrayStoreException() {
        super();
    }

    public ArrayStoreException(String message) {
        super(message);
    }
}
