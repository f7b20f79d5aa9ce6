package java.util;

/**
 * jsymex model of java.util.Collection. Streams and spliterators are not modelled.
 */
public interface Collection<E> extends Iterable<E> {

    int size();

    boolean isEmpty();

    boolean contains(Object o);

    Iterator<E> iterator();

    Object[] toArray();

    <T> T[] toArray(T[] a);

    boolean add(E e);

    boolean remove(Object o);

    boolean containsAll(Collection<?> c);

    boolean addAll(Collection<? extends E> c);

    boolean removeAll(Collection<?> c);

    boolean retainAll(Collection<?> c);

    void clear();

    boolean equals(Object o);

    int hashCode();

    default boolean removeIf(java.util.function.Predicate<? super E> filter) {
        Objects.requireNonNull(filter);
        boolean removed = false;
        Iterator<E> each = iterator();
        while (each.hasNext()) {
            if (filter.test(each.next())) {
                each.remove();
                removed = true;
            }
        }
        return removed;
    }

    default void forEach(java.util.function.Consumer<? super E> action) {
        Objects.requireNonNull(action);
        Iterator<E> it = iterator();
        while (it.hasNext()) {
            action.accept(it.next());
        }
    }

    /** A sequential stream over the collection's iterator (see java.util.stream.Pipe). */
    default java.util.stream.Stream<E> stream() {
        return java.util.stream.StreamSupport.jsymexCollectionStream(this);
    }

    /** Flagged parallel, but run sequentially: jsymex follows one thread of control. */
    default java.util.stream.Stream<E> parallelStream() {
        return stream().parallel();
    }
}
