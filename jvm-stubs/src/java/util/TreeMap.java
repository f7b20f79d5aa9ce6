package java.util;

/**
 * jsymex model of java.util.TreeMap. Instead of a red-black tree the entries
 * are kept in an array sorted by key (binary search, shifting inserts), which
 * gives the same observable behaviour with fewer branches: natural ordering or
 * a Comparator, NullPointerException for null keys under natural ordering,
 * fail-fast iterators, immutable snapshot entries from the navigation methods
 * (firstEntry, floorEntry, pollFirstEntry, ...), and live range views
 * (subMap/headMap/tailMap/descendingMap and their key sets) with Java's range
 * checks and messages.
 */
public class TreeMap<K, V> extends AbstractMap<K, V> implements NavigableMap<K, V>, Cloneable, java.io.Serializable {

    private final Comparator<? super K> comparator;
    private transient Entry<K, V>[] entries;
    private transient int size = 0;
    private transient int modCount = 0;

    public TreeMap() {
        comparator = null;
        entries = newArray(8);
    }

    public TreeMap(Comparator<? super K> comparator) {
        this.comparator = comparator;
        entries = newArray(8);
    }

    public TreeMap(Map<? extends K, ? extends V> m) {
        comparator = null;
        entries = newArray(8);
        putAll(m);
    }

    @SuppressWarnings("unchecked")
    public TreeMap(SortedMap<K, ? extends V> m) {
        comparator = m.comparator();
        entries = newArray(Math.max(8, m.size()));
        for (Map.Entry<K, ? extends V> e : m.entrySet()) {
            entries[size++] = new Entry<K, V>(e.getKey(), e.getValue());
        }
    }

    @SuppressWarnings("unchecked")
    private static <K, V> Entry<K, V>[] newArray(int n) {
        return (Entry<K, V>[]) new Entry<?, ?>[n];
    }

    static final class Entry<K, V> implements Map.Entry<K, V> {
        K key;
        V value;

        Entry(K key, V value) {
            this.key = key;
            this.value = value;
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return value;
        }

        public V setValue(V value) {
            V oldValue = this.value;
            this.value = value;
            return oldValue;
        }

        public boolean equals(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return valEquals(key, e.getKey()) && valEquals(value, e.getValue());
        }

        public int hashCode() {
            int keyHash = (key == null ? 0 : key.hashCode());
            int valueHash = (value == null ? 0 : value.hashCode());
            return keyHash ^ valueHash;
        }

        public String toString() {
            return key + "=" + value;
        }
    }

    static final boolean valEquals(Object o1, Object o2) {
        return (o1 == null ? o2 == null : o1.equals(o2));
    }

    @SuppressWarnings("unchecked")
    final int compare(Object k1, Object k2) {
        return comparator == null ? ((Comparable<? super K>) k1).compareTo((K) k2)
                : comparator.compare((K) k1, (K) k2);
    }

    /** Index of key, or -(insertion point + 1). */
    final int search(Object key) {
        int low = 0;
        int high = size - 1;
        Entry<K, V>[] es = entries;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int c = compare(key, es[mid].key);
            if (c > 0) {
                low = mid + 1;
            } else if (c < 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** Greatest index with key < k (lower), <= k (floor): -1 if none. */
    final int lowerIndex(Object k, boolean inclusive) {
        int r = search(k);
        if (r >= 0) {
            return inclusive ? r : r - 1;
        }
        return -(r + 1) - 1;
    }

    /** Smallest index with key > k (higher), >= k (ceiling): size if none. */
    final int higherIndex(Object k, boolean inclusive) {
        int r = search(k);
        if (r >= 0) {
            return inclusive ? r : r + 1;
        }
        return -(r + 1);
    }

    final Entry<K, V> entryAt(int i) {
        return entries[i];
    }

    private int getIndex(Object key) {
        if (comparator == null) {
            Objects.requireNonNull(key);
        }
        return search(key);
    }

    final Entry<K, V> getEntry(Object key) {
        int i = getIndex(key);
        return i >= 0 ? entries[i] : null;
    }

    private void insertAt(int i, K key, V value) {
        if (size == entries.length) {
            Entry<K, V>[] bigger = newArray(entries.length * 2);
            System.arraycopy(entries, 0, bigger, 0, size);
            entries = bigger;
        }
        System.arraycopy(entries, i, entries, i + 1, size - i);
        entries[i] = new Entry<K, V>(key, value);
        size++;
        modCount++;
    }

    final void removeAt(int i) {
        System.arraycopy(entries, i + 1, entries, i, size - i - 1);
        entries[--size] = null;
        modCount++;
    }

    public int size() {
        return size;
    }

    public boolean containsKey(Object key) {
        return getEntry(key) != null;
    }

    public boolean containsValue(Object value) {
        for (int i = 0; i < size; i++) {
            if (valEquals(value, entries[i].value)) {
                return true;
            }
        }
        return false;
    }

    public V get(Object key) {
        Entry<K, V> p = getEntry(key);
        return (p == null ? null : p.value);
    }

    public Comparator<? super K> comparator() {
        return comparator;
    }

    public K firstKey() {
        return key(size == 0 ? null : entries[0]);
    }

    public K lastKey() {
        return key(size == 0 ? null : entries[size - 1]);
    }

    static <K> K key(Entry<K, ?> e) {
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e.key;
    }

    static <K, V> Map.Entry<K, V> exportEntry(Entry<K, V> e) {
        return (e == null) ? null : new AbstractMap.SimpleImmutableEntry<K, V>(e);
    }

    static <K, V> K keyOrNull(Entry<K, V> e) {
        return (e == null) ? null : e.key;
    }

    public void putAll(Map<? extends K, ? extends V> map) {
        for (Map.Entry<? extends K, ? extends V> e : map.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    public V put(K key, V value) {
        if (size == 0) {
            compare(key, key);
            insertAt(0, key, value);
            return null;
        }
        if (comparator == null) {
            Objects.requireNonNull(key);
        }
        int r = search(key);
        if (r >= 0) {
            return entries[r].setValue(value);
        }
        insertAt(-(r + 1), key, value);
        return null;
    }

    public V remove(Object key) {
        int i = getIndex(key);
        if (i < 0) {
            return null;
        }
        V oldValue = entries[i].value;
        removeAt(i);
        return oldValue;
    }

    public void clear() {
        modCount++;
        for (int i = 0; i < size; i++) {
            entries[i] = null;
        }
        size = 0;
    }

    @SuppressWarnings("unchecked")
    public Object clone() {
        TreeMap<K, V> clone;
        try {
            clone = (TreeMap<K, V>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
        clone.entries = newArray(Math.max(8, size));
        for (int i = 0; i < size; i++) {
            clone.entries[i] = new Entry<K, V>(entries[i].key, entries[i].value);
        }
        clone.modCount = 0;
        clone.entrySetView = null;
        clone.navigableKeySet = null;
        clone.descendingMap = null;
        return clone;
    }

    // ---- navigation ----

    public Map.Entry<K, V> firstEntry() {
        return exportEntry(size == 0 ? null : entries[0]);
    }

    public Map.Entry<K, V> lastEntry() {
        return exportEntry(size == 0 ? null : entries[size - 1]);
    }

    public Map.Entry<K, V> pollFirstEntry() {
        if (size == 0) {
            return null;
        }
        Map.Entry<K, V> result = exportEntry(entries[0]);
        removeAt(0);
        return result;
    }

    public Map.Entry<K, V> pollLastEntry() {
        if (size == 0) {
            return null;
        }
        Map.Entry<K, V> result = exportEntry(entries[size - 1]);
        removeAt(size - 1);
        return result;
    }

    private Entry<K, V> lowerOrFloor(K key, boolean inclusive) {
        int i = lowerIndex(key, inclusive);
        return i >= 0 ? entries[i] : null;
    }

    private Entry<K, V> higherOrCeiling(K key, boolean inclusive) {
        int i = higherIndex(key, inclusive);
        return i < size ? entries[i] : null;
    }

    public Map.Entry<K, V> lowerEntry(K key) {
        return exportEntry(lowerOrFloor(key, false));
    }

    public K lowerKey(K key) {
        return keyOrNull(lowerOrFloor(key, false));
    }

    public Map.Entry<K, V> floorEntry(K key) {
        return exportEntry(lowerOrFloor(key, true));
    }

    public K floorKey(K key) {
        return keyOrNull(lowerOrFloor(key, true));
    }

    public Map.Entry<K, V> ceilingEntry(K key) {
        return exportEntry(higherOrCeiling(key, true));
    }

    public K ceilingKey(K key) {
        return keyOrNull(higherOrCeiling(key, true));
    }

    public Map.Entry<K, V> higherEntry(K key) {
        return exportEntry(higherOrCeiling(key, false));
    }

    public K higherKey(K key) {
        return keyOrNull(higherOrCeiling(key, false));
    }

    // ---- views ----

    private transient Set<Map.Entry<K, V>> entrySetView;
    private transient KeySet<K> navigableKeySet;
    private transient NavigableMap<K, V> descendingMap;

    public Set<K> keySet() {
        return navigableKeySet();
    }

    public NavigableSet<K> navigableKeySet() {
        KeySet<K> nks = navigableKeySet;
        return (nks != null) ? nks : (navigableKeySet = new KeySet<K>(this));
    }

    public NavigableSet<K> descendingKeySet() {
        return descendingMap().navigableKeySet();
    }

    public Set<Map.Entry<K, V>> entrySet() {
        Set<Map.Entry<K, V>> es = entrySetView;
        return (es != null) ? es : (entrySetView = new RangeEntrySet<K, V>(this, null));
    }

    public NavigableMap<K, V> descendingMap() {
        NavigableMap<K, V> km = descendingMap;
        return (km != null) ? km
                : (descendingMap = new SubMap<K, V>(this, true, null, true, true, null, true, true));
    }

    public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        return new SubMap<K, V>(this, false, fromKey, fromInclusive, false, toKey, toInclusive, false);
    }

    public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
        return new SubMap<K, V>(this, true, null, true, false, toKey, inclusive, false);
    }

    public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
        return new SubMap<K, V>(this, false, fromKey, inclusive, true, null, true, false);
    }

    public SortedMap<K, V> subMap(K fromKey, K toKey) {
        return subMap(fromKey, true, toKey, false);
    }

    public SortedMap<K, V> headMap(K toKey) {
        return headMap(toKey, false);
    }

    public SortedMap<K, V> tailMap(K fromKey) {
        return tailMap(fromKey, true);
    }

    /** The entry set of the whole map (view == null) or of a range view. */
    static final class RangeEntrySet<K, V> extends AbstractSet<Map.Entry<K, V>> {
        final TreeMap<K, V> m;
        final SubMap<K, V> view;

        RangeEntrySet(TreeMap<K, V> m, SubMap<K, V> view) {
            this.m = m;
            this.view = view;
        }

        public Iterator<Map.Entry<K, V>> iterator() {
            if (view == null) {
                return new RangeIterator<K, V, Map.Entry<K, V>>(m, 0, m.size, false, ENTRIES);
            }
            return view.iterator(ENTRIES, view.descending);
        }

        public int size() {
            return view == null ? m.size : view.size();
        }

        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
            Object key = entry.getKey();
            if (view != null && !view.inRange(key)) {
                return false;
            }
            Entry<K, V> p = m.getEntry(key);
            return p != null && valEquals(p.getValue(), entry.getValue());
        }

        public boolean remove(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
            Object key = entry.getKey();
            if (view != null && !view.inRange(key)) {
                return false;
            }
            int i = m.getIndex(key);
            if (i >= 0 && valEquals(m.entries[i].getValue(), entry.getValue())) {
                m.removeAt(i);
                return true;
            }
            return false;
        }

        public void clear() {
            if (view == null) {
                m.clear();
            } else {
                super.clear();
            }
        }
    }

    static final int KEYS = 0;
    static final int VALUES = 1;
    static final int ENTRIES = 2;

    /** Iterates the indices [lo, hi) of m, ascending or descending; fail-fast. */
    static final class RangeIterator<K, V, T> implements Iterator<T> {
        final TreeMap<K, V> m;
        int lo;
        int hi;
        final boolean descending;
        final int kind;
        int cursor;
        int lastRet = -1;
        int expectedModCount;

        RangeIterator(TreeMap<K, V> m, int lo, int hi, boolean descending, int kind) {
            this.m = m;
            this.lo = lo;
            this.hi = hi;
            this.descending = descending;
            this.kind = kind;
            this.cursor = descending ? hi - 1 : lo;
            this.expectedModCount = m.modCount;
        }

        public boolean hasNext() {
            return descending ? cursor >= lo : cursor < hi;
        }

        @SuppressWarnings("unchecked")
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            if (m.modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            Entry<K, V> e = m.entries[cursor];
            lastRet = cursor;
            cursor = descending ? cursor - 1 : cursor + 1;
            return (T) (kind == KEYS ? e.key : kind == VALUES ? e.value : e);
        }

        public void remove() {
            if (lastRet < 0) {
                throw new IllegalStateException();
            }
            if (m.modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            m.removeAt(lastRet);
            if (!descending) {
                cursor--;
            }
            hi--;
            lastRet = -1;
            expectedModCount = m.modCount;
        }
    }

    /**
     * A range view (ascending or descending) of a TreeMap, bounded by
     * lo/hi keys; the bounds are re-resolved to indices on every operation.
     */
    static final class SubMap<K, V> extends AbstractMap<K, V> implements NavigableMap<K, V>, java.io.Serializable {
        final TreeMap<K, V> m;
        final K lo;
        final K hi;
        final boolean fromStart;
        final boolean toEnd;
        final boolean loInclusive;
        final boolean hiInclusive;
        final boolean descending;

        SubMap(TreeMap<K, V> m, boolean fromStart, K lo, boolean loInclusive, boolean toEnd, K hi,
                boolean hiInclusive, boolean descending) {
            if (!fromStart && !toEnd) {
                if (m.compare(lo, hi) > 0) {
                    throw new IllegalArgumentException("fromKey > toKey");
                }
            } else {
                if (!fromStart) {
                    m.compare(lo, lo);
                }
                if (!toEnd) {
                    m.compare(hi, hi);
                }
            }
            this.m = m;
            this.fromStart = fromStart;
            this.lo = lo;
            this.loInclusive = loInclusive;
            this.toEnd = toEnd;
            this.hi = hi;
            this.hiInclusive = hiInclusive;
            this.descending = descending;
        }

        final boolean tooLow(Object key) {
            if (!fromStart) {
                int c = m.compare(key, lo);
                if (c < 0 || (c == 0 && !loInclusive)) {
                    return true;
                }
            }
            return false;
        }

        final boolean tooHigh(Object key) {
            if (!toEnd) {
                int c = m.compare(key, hi);
                if (c > 0 || (c == 0 && !hiInclusive)) {
                    return true;
                }
            }
            return false;
        }

        final boolean inRange(Object key) {
            return !tooLow(key) && !tooHigh(key);
        }

        final boolean inClosedRange(Object key) {
            return (fromStart || m.compare(key, lo) >= 0) && (toEnd || m.compare(hi, key) >= 0);
        }

        final boolean inRange(Object key, boolean inclusive) {
            return inclusive ? inRange(key) : inClosedRange(key);
        }

        /** First index inside the range. */
        final int loIndex() {
            return fromStart ? 0 : m.higherIndex(lo, loInclusive);
        }

        /** One past the last index inside the range. */
        final int hiIndex() {
            return toEnd ? m.size : m.lowerIndex(hi, hiInclusive) + 1;
        }

        <T> Iterator<T> iterator(int kind, boolean desc) {
            int a = loIndex();
            int b = hiIndex();
            if (b < a) {
                b = a;
            }
            return new RangeIterator<K, V, T>(m, a, b, desc, kind);
        }

        public int size() {
            int n = hiIndex() - loIndex();
            return n < 0 ? 0 : n;
        }

        public boolean isEmpty() {
            return size() == 0;
        }

        public boolean containsKey(Object key) {
            return inRange(key) && m.containsKey(key);
        }

        public V put(K key, V value) {
            if (!inRange(key)) {
                throw new IllegalArgumentException("key out of range");
            }
            return m.put(key, value);
        }

        public V get(Object key) {
            return !inRange(key) ? null : m.get(key);
        }

        public V remove(Object key) {
            return !inRange(key) ? null : m.remove(key);
        }

        public Comparator<? super K> comparator() {
            Comparator<? super K> c = m.comparator();
            if (!descending) {
                return c;
            }
            return Collections.reverseOrder(c);
        }

        // absolute navigation inside the range

        private TreeMap.Entry<K, V> absLowest() {
            int i = loIndex();
            return (i < m.size && i < hiIndex()) ? m.entries[i] : null;
        }

        private TreeMap.Entry<K, V> absHighest() {
            int i = hiIndex() - 1;
            return (i >= 0 && i >= loIndex()) ? m.entries[i] : null;
        }

        private TreeMap.Entry<K, V> absCeiling(K key, boolean inclusive) {
            if (tooLow(key)) {
                return absLowest();
            }
            int i = m.higherIndex(key, inclusive);
            if (i >= m.size) {
                return null;
            }
            TreeMap.Entry<K, V> e = m.entries[i];
            return tooHigh(e.key) ? null : e;
        }

        private TreeMap.Entry<K, V> absFloor(K key, boolean inclusive) {
            if (tooHigh(key)) {
                return absHighest();
            }
            int i = m.lowerIndex(key, inclusive);
            if (i < 0) {
                return null;
            }
            TreeMap.Entry<K, V> e = m.entries[i];
            return tooLow(e.key) ? null : e;
        }

        private TreeMap.Entry<K, V> first() {
            return descending ? absHighest() : absLowest();
        }

        private TreeMap.Entry<K, V> last() {
            return descending ? absLowest() : absHighest();
        }

        public K firstKey() {
            return key(first());
        }

        public K lastKey() {
            return key(last());
        }

        public Map.Entry<K, V> firstEntry() {
            return exportEntry(first());
        }

        public Map.Entry<K, V> lastEntry() {
            return exportEntry(last());
        }

        public Map.Entry<K, V> pollFirstEntry() {
            TreeMap.Entry<K, V> e = first();
            Map.Entry<K, V> result = exportEntry(e);
            if (e != null) {
                m.remove(e.key);
            }
            return result;
        }

        public Map.Entry<K, V> pollLastEntry() {
            TreeMap.Entry<K, V> e = last();
            Map.Entry<K, V> result = exportEntry(e);
            if (e != null) {
                m.remove(e.key);
            }
            return result;
        }

        private TreeMap.Entry<K, V> lower(K key) {
            return descending ? absCeiling(key, false) : absFloor(key, false);
        }

        private TreeMap.Entry<K, V> floor(K key) {
            return descending ? absCeiling(key, true) : absFloor(key, true);
        }

        private TreeMap.Entry<K, V> ceiling(K key) {
            return descending ? absFloor(key, true) : absCeiling(key, true);
        }

        private TreeMap.Entry<K, V> higher(K key) {
            return descending ? absFloor(key, false) : absCeiling(key, false);
        }

        public Map.Entry<K, V> lowerEntry(K key) {
            return exportEntry(lower(key));
        }

        public K lowerKey(K key) {
            return keyOrNull(lower(key));
        }

        public Map.Entry<K, V> floorEntry(K key) {
            return exportEntry(floor(key));
        }

        public K floorKey(K key) {
            return keyOrNull(floor(key));
        }

        public Map.Entry<K, V> ceilingEntry(K key) {
            return exportEntry(ceiling(key));
        }

        public K ceilingKey(K key) {
            return keyOrNull(ceiling(key));
        }

        public Map.Entry<K, V> higherEntry(K key) {
            return exportEntry(higher(key));
        }

        public K higherKey(K key) {
            return keyOrNull(higher(key));
        }

        private transient Set<Map.Entry<K, V>> entrySetView;
        private transient KeySet<K> navigableKeySetView;

        public Set<Map.Entry<K, V>> entrySet() {
            Set<Map.Entry<K, V>> es = entrySetView;
            return (es != null) ? es : (entrySetView = new RangeEntrySet<K, V>(m, this));
        }

        public Set<K> keySet() {
            return navigableKeySet();
        }

        public NavigableSet<K> navigableKeySet() {
            KeySet<K> nksv = navigableKeySetView;
            return (nksv != null) ? nksv : (navigableKeySetView = new KeySet<K>(this));
        }

        public NavigableSet<K> descendingKeySet() {
            return descendingMap().navigableKeySet();
        }

        public NavigableMap<K, V> descendingMap() {
            return new SubMap<K, V>(m, fromStart, lo, loInclusive, toEnd, hi, hiInclusive, !descending);
        }

        public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
            if (!inRange(fromKey, fromInclusive)) {
                throw new IllegalArgumentException("fromKey out of range");
            }
            if (!inRange(toKey, toInclusive)) {
                throw new IllegalArgumentException("toKey out of range");
            }
            if (descending) {
                return new SubMap<K, V>(m, false, toKey, toInclusive, false, fromKey, fromInclusive, true);
            }
            return new SubMap<K, V>(m, false, fromKey, fromInclusive, false, toKey, toInclusive, false);
        }

        public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
            if (!inRange(toKey, inclusive)) {
                throw new IllegalArgumentException("toKey out of range");
            }
            if (descending) {
                return new SubMap<K, V>(m, false, toKey, inclusive, toEnd, hi, hiInclusive, true);
            }
            return new SubMap<K, V>(m, fromStart, lo, loInclusive, false, toKey, inclusive, false);
        }

        public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
            if (!inRange(fromKey, inclusive)) {
                throw new IllegalArgumentException("fromKey out of range");
            }
            if (descending) {
                return new SubMap<K, V>(m, fromStart, lo, loInclusive, false, fromKey, inclusive, true);
            }
            return new SubMap<K, V>(m, false, fromKey, inclusive, toEnd, hi, hiInclusive, false);
        }

        public SortedMap<K, V> subMap(K fromKey, K toKey) {
            return subMap(fromKey, true, toKey, false);
        }

        public SortedMap<K, V> headMap(K toKey) {
            return headMap(toKey, false);
        }

        public SortedMap<K, V> tailMap(K fromKey) {
            return tailMap(fromKey, true);
        }
    }

    /** The NavigableSet of the keys of a TreeMap or of one of its views. */
    static final class KeySet<E> extends AbstractSet<E> implements NavigableSet<E> {
        private final NavigableMap<E, ?> m;

        KeySet(NavigableMap<E, ?> map) {
            m = map;
        }

        public Iterator<E> iterator() {
            final Iterator<? extends Map.Entry<E, ?>> it = m.entrySet().iterator();
            return new Iterator<E>() {
                public boolean hasNext() {
                    return it.hasNext();
                }

                public E next() {
                    return it.next().getKey();
                }

                public void remove() {
                    it.remove();
                }
            };
        }

        public Iterator<E> descendingIterator() {
            return m.descendingMap().navigableKeySet().iterator();
        }

        public int size() {
            return m.size();
        }

        public boolean isEmpty() {
            return m.isEmpty();
        }

        public boolean contains(Object o) {
            return m.containsKey(o);
        }

        public void clear() {
            m.clear();
        }

        public E lower(E e) {
            return m.lowerKey(e);
        }

        public E floor(E e) {
            return m.floorKey(e);
        }

        public E ceiling(E e) {
            return m.ceilingKey(e);
        }

        public E higher(E e) {
            return m.higherKey(e);
        }

        public E first() {
            return m.firstKey();
        }

        public E last() {
            return m.lastKey();
        }

        public Comparator<? super E> comparator() {
            return m.comparator();
        }

        public E pollFirst() {
            Map.Entry<E, ?> e = m.pollFirstEntry();
            return (e == null) ? null : e.getKey();
        }

        public E pollLast() {
            Map.Entry<E, ?> e = m.pollLastEntry();
            return (e == null) ? null : e.getKey();
        }

        public boolean remove(Object o) {
            int oldSize = size();
            m.remove(o);
            return size() != oldSize;
        }

        public NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive) {
            return new KeySet<E>(m.subMap(fromElement, fromInclusive, toElement, toInclusive));
        }

        public NavigableSet<E> headSet(E toElement, boolean inclusive) {
            return new KeySet<E>(m.headMap(toElement, inclusive));
        }

        public NavigableSet<E> tailSet(E fromElement, boolean inclusive) {
            return new KeySet<E>(m.tailMap(fromElement, inclusive));
        }

        public SortedSet<E> subSet(E fromElement, E toElement) {
            return subSet(fromElement, true, toElement, false);
        }

        public SortedSet<E> headSet(E toElement) {
            return headSet(toElement, false);
        }

        public SortedSet<E> tailSet(E fromElement) {
            return tailSet(fromElement, true);
        }

        public NavigableSet<E> descendingSet() {
            return new KeySet<E>(m.descendingMap());
        }
    }
}
