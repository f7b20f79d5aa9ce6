package java.lang;

import java.util.Iterator;

/**
 * jsymex model of java.lang.Iterable (target of the enhanced for statement).
 * The default methods forEach and spliterator are not modelled.
 */
public interface Iterable<T> {
    Iterator<T> iterator();
}
