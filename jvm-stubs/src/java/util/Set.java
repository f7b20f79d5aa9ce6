package java.util;

/**
 * jsymex model of java.util.Set. Set.of iterates in argument order (Java
 * randomises that order per JVM run, so programs cannot rely on it).
 */
public interface Set<E> extends Collection<E> {

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

    boolean retainAll(Collection<?> c);

    boolean removeAll(Collection<?> c);

    void clear();

    boolean equals(Object o);

    int hashCode();

    static <E> Set<E> of() {
        return ImmutableCollections.setOf(new Object[0]);
    }

    static <E> Set<E> of(E e1) {
        return ImmutableCollections.setOf(new Object[] {e1});
    }

    static <E> Set<E> of(E e1, E e2) {
        return ImmutableCollections.setOf(new Object[] {e1, e2});
    }

    static <E> Set<E> of(E e1, E e2, E e3) {
        return ImmutableCollections.setOf(new Object[] {e1, e2, e3});
    }

    static <E> Set<E> of(E e1, E e2, E e3, E e4) {
        return ImmutableCollections.setOf(new Object[] {e1, e2, e3, e4});
    }

    @SafeVarargs
    static <E> Set<E> of(E... elements) {
        Object[] copy = new Object[elements.length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = elements[i];
        }
        return ImmutableCollections.setOf(copy);
    }

    static <E> Set<E> copyOf(Collection<? extends E> coll) {
        if (coll instanceof ImmutableCollections.SetN) {
            @SuppressWarnings("unchecked")
            Set<E> s = (Set<E>) coll;
            return s;
        }
        return ImmutableCollections.setOf(new LinkedHashSet<E>(coll).toArray());
    }
}
