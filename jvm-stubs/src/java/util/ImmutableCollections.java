package java.util;

/**
 * Package-private unmodifiable collections behind List.of, Set.of and Map.of:
 * nulls are rejected, mutators throw UnsupportedOperationException, and
 * List.of(...).get reports out-of-range indices like Java (List12: message
 * "Index: i Size: n"; ListN: the array access). Set.of and Map.of iterate in
 * argument order (Java's order is randomised per JVM run).
 */
final class ImmutableCollections {

    private ImmutableCollections() {
    }

    static UnsupportedOperationException uoe() {
        return new UnsupportedOperationException();
    }

    static final List<Object> EMPTY_LIST = new ListN<Object>(new Object[0]);

    @SuppressWarnings("unchecked")
    static <E> List<E> listOf(Object[] elements) {
        for (int i = 0; i < elements.length; i++) {
            Objects.requireNonNull(elements[i]);
        }
        if (elements.length == 0) {
            return (List<E>) EMPTY_LIST;
        }
        if (elements.length <= 2) {
            return new List12<E>(elements);
        }
        return new ListN<E>(elements);
    }

    abstract static class AbstractImmutableList<E> extends AbstractList<E> implements RandomAccess {
        public boolean add(E e) {
            throw uoe();
        }

        public boolean addAll(Collection<? extends E> c) {
            throw uoe();
        }

        public boolean addAll(int index, Collection<? extends E> c) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public boolean remove(Object o) {
            throw uoe();
        }

        public boolean removeAll(Collection<?> c) {
            throw uoe();
        }

        public boolean retainAll(Collection<?> c) {
            throw uoe();
        }

        public void sort(Comparator<? super E> c) {
            throw uoe();
        }

        public void add(int index, E element) {
            throw uoe();
        }

        public E remove(int index) {
            throw uoe();
        }

        public E set(int index, E element) {
            throw uoe();
        }

        public int indexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = 0, s = size(); i < s; i++) {
                if (o.equals(get(i))) {
                    return i;
                }
            }
            return -1;
        }

        public int lastIndexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = size() - 1; i >= 0; i--) {
                if (o.equals(get(i))) {
                    return i;
                }
            }
            return -1;
        }

        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        public ListIterator<E> listIterator(int index) {
            int size = size();
            if (index < 0 || index > size) {
                throw new IndexOutOfBoundsException("Index: " + index + " Size: " + size);
            }
            return super.listIterator(index);
        }

        public Iterator<E> iterator() {
            final int size = size();
            return new Iterator<E>() {
                private int cursor = 0;

                public boolean hasNext() {
                    return cursor != size;
                }

                public E next() {
                    try {
                        int i = cursor;
                        E next = get(i);
                        cursor = i + 1;
                        return next;
                    } catch (IndexOutOfBoundsException e) {
                        throw new NoSuchElementException();
                    }
                }

                public void remove() {
                    throw uoe();
                }
            };
        }
    }

    static final class List12<E> extends AbstractImmutableList<E> {
        private final Object[] elements;

        List12(Object[] elements) {
            this.elements = elements;
        }

        public int size() {
            return elements.length;
        }

        @SuppressWarnings("unchecked")
        public E get(int index) {
            if (index == 0) {
                return (E) elements[0];
            } else if (index == 1 && elements.length == 2) {
                return (E) elements[1];
            }
            throw new IndexOutOfBoundsException("Index: " + index + " Size: " + size());
        }

        public Object[] toArray() {
            Object[] r = new Object[elements.length];
            System.arraycopy(elements, 0, r, 0, r.length);
            return r;
        }
    }

    static final class ListN<E> extends AbstractImmutableList<E> {
        private final Object[] elements;

        ListN(Object[] elements) {
            this.elements = elements;
        }

        public int size() {
            return elements.length;
        }

        public boolean isEmpty() {
            return elements.length == 0;
        }

        @SuppressWarnings("unchecked")
        public E get(int index) {
            return (E) elements[index];
        }

        public Object[] toArray() {
            Object[] r = new Object[elements.length];
            System.arraycopy(elements, 0, r, 0, r.length);
            return r;
        }
    }

    static <E> Set<E> setOf(Object[] elements) {
        return new SetN<E>(elements);
    }

    static final class SetN<E> extends AbstractSet<E> {
        private final Object[] elements;

        SetN(Object[] input) {
            Object[] es = new Object[input.length];
            int n = 0;
            for (int i = 0; i < input.length; i++) {
                Object e = Objects.requireNonNull(input[i]);
                for (int j = 0; j < n; j++) {
                    if (es[j].equals(e)) {
                        throw new IllegalArgumentException("duplicate element: " + e);
                    }
                }
                es[n++] = e;
            }
            elements = es;
        }

        public int size() {
            return elements.length;
        }

        public boolean contains(Object o) {
            Objects.requireNonNull(o);
            for (int i = 0; i < elements.length; i++) {
                if (o.equals(elements[i])) {
                    return true;
                }
            }
            return false;
        }

        public Iterator<E> iterator() {
            return new Iterator<E>() {
                private int cursor = 0;

                public boolean hasNext() {
                    return cursor < elements.length;
                }

                @SuppressWarnings("unchecked")
                public E next() {
                    if (cursor >= elements.length) {
                        throw new NoSuchElementException();
                    }
                    return (E) elements[cursor++];
                }

                public void remove() {
                    throw uoe();
                }
            };
        }

        public boolean add(E e) {
            throw uoe();
        }

        public boolean remove(Object o) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public boolean addAll(Collection<? extends E> c) {
            throw uoe();
        }

        public boolean removeAll(Collection<?> c) {
            throw uoe();
        }

        public boolean retainAll(Collection<?> c) {
            throw uoe();
        }
    }

    static <K, V> Map<K, V> mapOf(Object[] kv) {
        return new MapN<K, V>(kv);
    }

    static final class MapN<K, V> extends AbstractMap<K, V> {
        private final Object[] table;
        private final int size;

        MapN(Object[] input) {
            int n = input.length / 2;
            Object[] t = new Object[2 * n];
            for (int i = 0; i < n; i++) {
                Object k = Objects.requireNonNull(input[2 * i]);
                Object v = Objects.requireNonNull(input[2 * i + 1]);
                for (int j = 0; j < i; j++) {
                    if (t[2 * j].equals(k)) {
                        throw new IllegalArgumentException("duplicate key: " + k);
                    }
                }
                t[2 * i] = k;
                t[2 * i + 1] = v;
            }
            table = t;
            size = n;
        }

        public int size() {
            return size;
        }

        public boolean isEmpty() {
            return size == 0;
        }

        public boolean containsKey(Object o) {
            Objects.requireNonNull(o);
            return indexOf(o) >= 0;
        }

        public boolean containsValue(Object o) {
            Objects.requireNonNull(o);
            for (int i = 1; i < table.length; i += 2) {
                if (o.equals(table[i])) {
                    return true;
                }
            }
            return false;
        }

        private int indexOf(Object k) {
            for (int i = 0; i < size; i++) {
                if (k.equals(table[2 * i])) {
                    return i;
                }
            }
            return -1;
        }

        @SuppressWarnings("unchecked")
        public V get(Object o) {
            Objects.requireNonNull(o);
            int i = indexOf(o);
            return i >= 0 ? (V) table[2 * i + 1] : null;
        }

        public Set<Map.Entry<K, V>> entrySet() {
            return new AbstractSet<Map.Entry<K, V>>() {
                public int size() {
                    return size;
                }

                public Iterator<Map.Entry<K, V>> iterator() {
                    return new Iterator<Map.Entry<K, V>>() {
                        private int cursor = 0;

                        public boolean hasNext() {
                            return cursor < size;
                        }

                        @SuppressWarnings("unchecked")
                        public Map.Entry<K, V> next() {
                            if (cursor >= size) {
                                throw new NoSuchElementException();
                            }
                            int i = cursor++;
                            return new KeyValueHolder<K, V>((K) table[2 * i], (V) table[2 * i + 1]);
                        }

                        public void remove() {
                            throw uoe();
                        }
                    };
                }
            };
        }

        public V put(K key, V value) {
            throw uoe();
        }

        public V remove(Object key) {
            throw uoe();
        }

        public void putAll(Map<? extends K, ? extends V> m) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public V putIfAbsent(K key, V value) {
            throw uoe();
        }

        public boolean remove(Object key, Object value) {
            throw uoe();
        }

        public boolean replace(K key, V oldValue, V newValue) {
            throw uoe();
        }

        public V replace(K key, V value) {
            throw uoe();
        }
    }
}
