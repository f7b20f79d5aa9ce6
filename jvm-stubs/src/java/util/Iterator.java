package java.util;

/**
 * jsymex model of java.util.Iterator (forEachRemaining is not modelled).
 */
public interface Iterator<E> {

    boolean hasNext();

    E next();

    default void remove() {
        throw new UnsupportedOperationException("remove");
    }
}
