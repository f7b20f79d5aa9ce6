package java.lang;

import java.util.Iterator;

/**
 * jsymex model of java.lang.Iterable (target of the enhanced for statement).
 * The default methods forEach and spliterator are not modelled.
 */
public interface Iterable<T> {
    Iterator<T> iterator();

    default void forEach(java.util.function.Consumer<? super T> action) {
        java.util.Objects.requireNonNull(action);
        Iterator<T> it = iterator();
        while (it.hasNext()) {
            action.accept(it.next());
        }
    }
}
