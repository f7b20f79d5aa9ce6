package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * jsymex model of java.util.HashMap. The layout follows Java so that programs
 * iterate in the same order as on the JVM: a power-of-two table of singly
 * linked buckets, bucket index (h ^ (h >>> 16)) & (capacity - 1), default
 * capacity 16 and load factor 0.75, a table that doubles when the size passes
 * the threshold (or when a bucket grows past 8 nodes in a table smaller than
 * 64), and nodes appended at the tail of their bucket. Java 17's pre-sizing in
 * putAll / copy constructor / clone is reproduced. Deviation: Java turns a
 * bucket of more than 8 colliding keys in a table of at least 64 buckets into
 * a red-black tree, which moves the tree's root to the front of the bucket;
 * here the bucket stays a list, so the iteration order can differ in that
 * (rare) case.
 *
 * Symbolic keys: a key whose hash is symbolic would pin the bucket index (one
 * path per bucket). Instead such a node goes into the bucket of the hash's
 * current value without a constraint, and while the map holds any such node,
 * lookups scan every node with equals (which forks on the key's symbolic
 * characters only). Equal keys have equal hashes in well-behaved classes, so
 * the results are Java's; the iteration order follows the concrete hashes.
 */
public class HashMap<K, V> extends AbstractMap<K, V> implements Map<K, V>, Cloneable, java.io.Serializable {

    static final int DEFAULT_INITIAL_CAPACITY = 16;
    static final int MAXIMUM_CAPACITY = 1 << 30;
    static final float DEFAULT_LOAD_FACTOR = 0.75f;
    static final int TREEIFY_THRESHOLD = 8;
    static final int MIN_TREEIFY_CAPACITY = 64;

    static class Node<K, V> implements Map.Entry<K, V> {
        final int hash;
        final K key;
        V value;
        Node<K, V> next;

        Node(int hash, K key, V value, Node<K, V> next) {
            this.hash = hash;
            this.key = key;
            this.value = value;
            this.next = next;
        }

        public final K getKey() {
            return key;
        }

        public final V getValue() {
            return value;
        }

        public final String toString() {
            return key + "=" + value;
        }

        public final int hashCode() {
            return Objects.hashCode(key) ^ Objects.hashCode(value);
        }

        public final V setValue(V newValue) {
            V oldValue = value;
            value = newValue;
            return oldValue;
        }

        public final boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (o instanceof Map.Entry) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                return Objects.equals(key, e.getKey()) && Objects.equals(value, e.getValue());
            }
            return false;
        }
    }

    static final int hash(Object key) {
        int h;
        return (key == null) ? 0 : (h = key.hashCode()) ^ (h >>> 16);
    }

    static final int tableSizeFor(int cap) {
        int n = -1 >>> Integer.numberOfLeadingZeros(cap - 1);
        return (n < 0) ? 1 : (n >= MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : n + 1;
    }

    transient Node<K, V>[] table;
    transient Set<Map.Entry<K, V>> entrySet;
    transient int size;
    transient int modCount;
    /** Nodes whose hash is symbolic (placed by its concrete value); lookups scan while any exist. */
    transient int symbolicNodes;

    /** Bucket index of a hash in a table of n buckets, never pinning a symbolic hash. */
    static int bucket(int hash, int n) {
        return (n - 1) & jsymex.internal.Sym.concrete(hash);
    }

    /** Whether lookups of this hash must scan every node (see the class comment). */
    final boolean mustScan(int hash) {
        return symbolicNodes > 0 || jsymex.internal.Sym.isSymbolic(hash);
    }

    /** The node whose key equals key, found by visiting every node. */
    final Node<K, V> scanNode(Object key) {
        Node<K, V>[] tab = table;
        if (tab == null) {
            return null;
        }
        for (int j = 0; j < tab.length; j++) {
            for (Node<K, V> e = tab[j]; e != null; e = e.next) {
                Object k = e.key;
                if (k == key || (key != null && key.equals(k))) {
                    return e;
                }
            }
        }
        return null;
    }
    int threshold;
    final float loadFactor;

    public HashMap(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("Illegal initial capacity: " + initialCapacity);
        }
        if (initialCapacity > MAXIMUM_CAPACITY) {
            initialCapacity = MAXIMUM_CAPACITY;
        }
        if (loadFactor <= 0 || Float.isNaN(loadFactor)) {
            throw new IllegalArgumentException("Illegal load factor: " + loadFactor);
        }
        this.loadFactor = loadFactor;
        this.threshold = tableSizeFor(initialCapacity);
    }

    public HashMap(int initialCapacity) {
        this(initialCapacity, DEFAULT_LOAD_FACTOR);
    }

    public HashMap() {
        this.loadFactor = DEFAULT_LOAD_FACTOR;
    }

    public HashMap(Map<? extends K, ? extends V> m) {
        this.loadFactor = DEFAULT_LOAD_FACTOR;
        putMapEntries(m, false);
    }

    final void putMapEntries(Map<? extends K, ? extends V> m, boolean evict) {
        int s = m.size();
        if (s > 0) {
            if (table == null) {
                float ft = ((float) s / loadFactor) + 1.0F;
                int t = ((ft < (float) MAXIMUM_CAPACITY) ? (int) ft : MAXIMUM_CAPACITY);
                if (t > threshold) {
                    threshold = tableSizeFor(t);
                }
            } else if (s > threshold) {
                resize();
            }
            for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
                K key = e.getKey();
                V value = e.getValue();
                putVal(hash(key), key, value, false, evict);
            }
        }
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public V get(Object key) {
        Node<K, V> e;
        return (e = getNode(key)) == null ? null : e.value;
    }

    final Node<K, V> getNode(Object key) {
        Node<K, V>[] tab = table;
        if (tab == null) {
            return null;
        }
        int hash = hash(key);
        if (mustScan(hash)) {
            return scanNode(key);
        }
        Node<K, V> e = tab[bucket(hash, tab.length)];
        while (e != null) {
            if (e.hash == hash) {
                Object k = e.key;
                if (k == key || (key != null && key.equals(k))) {
                    return e;
                }
            }
            e = e.next;
        }
        return null;
    }

    public boolean containsKey(Object key) {
        return getNode(key) != null;
    }

    public V put(K key, V value) {
        return putVal(hash(key), key, value, false, true);
    }

    final V putVal(int hash, K key, V value, boolean onlyIfAbsent, boolean evict) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) {
            tab = resize();
        }
        int n = tab.length;
        int i = bucket(hash, n);
        Node<K, V> p = tab[i];
        if (mustScan(hash)) {
            Node<K, V> e = scanNode(key);
            if (e != null) {
                return replaceValue(e, value, onlyIfAbsent);
            }
            if (jsymex.internal.Sym.isSymbolic(hash)) {
                symbolicNodes++;
            }
            Node<K, V> node = newNode(hash, key, value, null);
            if (p == null) {
                tab[i] = node;
            } else {
                while (p.next != null) {
                    p = p.next;
                }
                p.next = node;
            }
        } else if (p == null) {
            tab[i] = newNode(hash, key, value, null);
        } else {
            Node<K, V> e = null;
            Object k;
            if (p.hash == hash && ((k = p.key) == key || (key != null && key.equals(k)))) {
                e = p;
            } else {
                for (int binCount = 0;; ++binCount) {
                    if ((e = p.next) == null) {
                        p.next = newNode(hash, key, value, null);
                        if (binCount >= TREEIFY_THRESHOLD - 1) {
                            treeifyBin(tab);
                        }
                        break;
                    }
                    if (e.hash == hash && ((k = e.key) == key || (key != null && key.equals(k)))) {
                        break;
                    }
                    p = e;
                }
            }
            if (e != null) {
                return replaceValue(e, value, onlyIfAbsent);
            }
        }
        ++modCount;
        if (++size > threshold) {
            resize();
        }
        afterNodeInsertion(evict);
        return null;
    }

    /** put on an existing key: the new value (unless onlyIfAbsent and one is set); the old one. */
    private V replaceValue(Node<K, V> e, V value, boolean onlyIfAbsent) {
        V oldValue = e.value;
        if (!onlyIfAbsent || oldValue == null) {
            e.value = value;
        }
        afterNodeAccess(e);
        return oldValue;
    }

    /** Java resizes instead of building a tree bin while the table is small. */
    private void treeifyBin(Node<K, V>[] tab) {
        if (tab.length < MIN_TREEIFY_CAPACITY) {
            resize();
        }
    }

    @SuppressWarnings("unchecked")
    final Node<K, V>[] resize() {
        Node<K, V>[] oldTab = table;
        int oldCap = (oldTab == null) ? 0 : oldTab.length;
        int oldThr = threshold;
        int newCap;
        int newThr = 0;
        if (oldCap > 0) {
            if (oldCap >= MAXIMUM_CAPACITY) {
                threshold = Integer.MAX_VALUE;
                return oldTab;
            } else if ((newCap = oldCap << 1) < MAXIMUM_CAPACITY && oldCap >= DEFAULT_INITIAL_CAPACITY) {
                newThr = oldThr << 1;
            }
        } else if (oldThr > 0) {
            newCap = oldThr;
        } else {
            newCap = DEFAULT_INITIAL_CAPACITY;
            newThr = (int) (DEFAULT_LOAD_FACTOR * DEFAULT_INITIAL_CAPACITY);
        }
        if (newThr == 0) {
            float ft = (float) newCap * loadFactor;
            newThr = (newCap < MAXIMUM_CAPACITY && ft < (float) MAXIMUM_CAPACITY ? (int) ft : Integer.MAX_VALUE);
        }
        threshold = newThr;
        Node<K, V>[] newTab = (Node<K, V>[]) new Node<?, ?>[newCap];
        table = newTab;
        if (oldTab != null) {
            for (int j = 0; j < oldCap; ++j) {
                Node<K, V> e = oldTab[j];
                if (e == null) {
                    continue;
                }
                oldTab[j] = null;
                Node<K, V> loHead = null;
                Node<K, V> loTail = null;
                Node<K, V> hiHead = null;
                Node<K, V> hiTail = null;
                while (e != null) {
                    Node<K, V> next = e.next;
                    if ((jsymex.internal.Sym.concrete(e.hash) & oldCap) == 0) {
                        if (loTail == null) {
                            loHead = e;
                        } else {
                            loTail.next = e;
                        }
                        loTail = e;
                    } else {
                        if (hiTail == null) {
                            hiHead = e;
                        } else {
                            hiTail.next = e;
                        }
                        hiTail = e;
                    }
                    e = next;
                }
                if (loTail != null) {
                    loTail.next = null;
                    newTab[j] = loHead;
                }
                if (hiTail != null) {
                    hiTail.next = null;
                    newTab[j + oldCap] = hiHead;
                }
            }
        }
        return newTab;
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        putMapEntries(m, true);
    }

    public V remove(Object key) {
        Node<K, V> e;
        return (e = removeNode(hash(key), key, null, false, true)) == null ? null : e.value;
    }

    final Node<K, V> removeNode(int hash, Object key, Object value, boolean matchValue, boolean movable) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) {
            return null;
        }
        int index = bucket(hash, tab.length);
        Node<K, V> p;
        Node<K, V> prev = null;
        if (mustScan(hash)) {
            Node<K, V> found = scanNode(key);
            if (found == null) {
                return null;
            }
            index = bucket(found.hash, tab.length);
            p = tab[index];
            while (p != found) {
                prev = p;
                p = p.next;
            }
        } else {
            p = tab[index];
            while (p != null) {
                Object k;
                if (p.hash == hash && ((k = p.key) == key || (key != null && key.equals(k)))) {
                    break;
                }
                prev = p;
                p = p.next;
            }
            if (p == null) {
                return null;
            }
        }
        Object v;
        if (matchValue && !((v = p.value) == value || (value != null && value.equals(v)))) {
            return null;
        }
        if (prev == null) {
            tab[index] = p.next;
        } else {
            prev.next = p.next;
        }
        ++modCount;
        --size;
        if (jsymex.internal.Sym.isSymbolic(p.hash)) {
            symbolicNodes--;
        }
        afterNodeRemoval(p);
        return p;
    }

    public void clear() {
        Node<K, V>[] tab;
        modCount++;
        if ((tab = table) != null && size > 0) {
            size = 0;
            symbolicNodes = 0;
            for (int i = 0; i < tab.length; ++i) {
                tab[i] = null;
            }
        }
    }

    public boolean containsValue(Object value) {
        Node<K, V>[] tab = table;
        if (tab != null && size > 0) {
            for (int i = 0; i < tab.length; i++) {
                for (Node<K, V> e = tab[i]; e != null; e = e.next) {
                    Object v = e.value;
                    if (v == value || (value != null && value.equals(v))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    public Set<K> keySet() {
        Set<K> ks = keySet;
        if (ks == null) {
            ks = new KeySet();
            keySet = ks;
        }
        return ks;
    }

    public Collection<V> values() {
        Collection<V> vs = values;
        if (vs == null) {
            vs = new Values();
            values = vs;
        }
        return vs;
    }

    public Set<Map.Entry<K, V>> entrySet() {
        Set<Map.Entry<K, V>> es = entrySet;
        if (es == null) {
            es = new EntrySet();
            entrySet = es;
        }
        return es;
    }

    static final int KEYS = 0;
    static final int VALUES = 1;
    static final int ENTRIES = 2;

    /** An iterator over the keys, values or entries (LinkedHashMap overrides it). */
    Iterator<?> newIterator(int kind) {
        return new HashIterator(kind);
    }

    final class KeySet extends AbstractSet<K> {
        public int size() {
            return size;
        }

        public void clear() {
            HashMap.this.clear();
        }

        @SuppressWarnings("unchecked")
        public Iterator<K> iterator() {
            return (Iterator<K>) newIterator(KEYS);
        }

        public boolean contains(Object o) {
            return containsKey(o);
        }

        public boolean remove(Object key) {
            return removeNode(hash(key), key, null, false, true) != null;
        }

        public Object[] toArray() {
            return keysToArray(new Object[size]);
        }

        public <T> T[] toArray(T[] a) {
            return Arrays.fillArray(keysToArray(new Object[size]), a);
        }
    }

    final class Values extends AbstractCollection<V> {
        public int size() {
            return size;
        }

        public void clear() {
            HashMap.this.clear();
        }

        @SuppressWarnings("unchecked")
        public Iterator<V> iterator() {
            return (Iterator<V>) newIterator(VALUES);
        }

        public boolean contains(Object o) {
            return containsValue(o);
        }
    }

    final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        public int size() {
            return size;
        }

        public void clear() {
            HashMap.this.clear();
        }

        @SuppressWarnings("unchecked")
        public Iterator<Map.Entry<K, V>> iterator() {
            return (Iterator<Map.Entry<K, V>>) newIterator(ENTRIES);
        }

        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            Object key = e.getKey();
            Node<K, V> candidate = getNode(key);
            return candidate != null && candidate.equals(e);
        }

        public boolean remove(Object o) {
            if (o instanceof Map.Entry) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                Object key = e.getKey();
                Object value = e.getValue();
                return removeNode(hash(key), key, value, true, true) != null;
            }
            return false;
        }
    }

    /** Keys in iteration order (LinkedHashMap overrides it). */
    Object[] keysToArray(Object[] a) {
        int idx = 0;
        Iterator<?> it = newIterator(KEYS);
        while (it.hasNext()) {
            a[idx++] = it.next();
        }
        return a;
    }

    class HashIterator implements Iterator<Object> {
        final int kind;
        Node<K, V> next;
        Node<K, V> current;
        int expectedModCount;
        int index;

        HashIterator(int kind) {
            this.kind = kind;
            expectedModCount = modCount;
            Node<K, V>[] t = table;
            current = next = null;
            index = 0;
            if (t != null && size > 0) {
                while (index < t.length && (next = t[index++]) == null) {
                }
            }
        }

        public final boolean hasNext() {
            return next != null;
        }

        final Node<K, V> nextNode() {
            Node<K, V>[] t;
            Node<K, V> e = next;
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            if (e == null) {
                throw new NoSuchElementException();
            }
            if ((next = (current = e).next) == null && (t = table) != null) {
                while (index < t.length && (next = t[index++]) == null) {
                }
            }
            return e;
        }

        public final Object next() {
            Node<K, V> e = nextNode();
            return kind == KEYS ? e.key : kind == VALUES ? e.value : e;
        }

        public final void remove() {
            Node<K, V> p = current;
            if (p == null) {
                throw new IllegalStateException();
            }
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            current = null;
            removeNode(p.hash, p.key, null, false, false);
            expectedModCount = modCount;
        }
    }

    // ---- Map default methods with HashMap semantics ----

    public V getOrDefault(Object key, V defaultValue) {
        Node<K, V> e;
        return (e = getNode(key)) == null ? defaultValue : e.value;
    }

    public V putIfAbsent(K key, V value) {
        return putVal(hash(key), key, value, true, true);
    }

    public boolean remove(Object key, Object value) {
        return removeNode(hash(key), key, value, true, true) != null;
    }

    public boolean replace(K key, V oldValue, V newValue) {
        Node<K, V> e;
        V v;
        if ((e = getNode(key)) != null && ((v = e.value) == oldValue || (v != null && v.equals(oldValue)))) {
            e.value = newValue;
            afterNodeAccess(e);
            return true;
        }
        return false;
    }

    public V replace(K key, V value) {
        Node<K, V> e;
        if ((e = getNode(key)) != null) {
            V oldValue = e.value;
            e.value = value;
            afterNodeAccess(e);
            return oldValue;
        }
        return null;
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (mappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> old = getNode(key);
        if (old != null && old.value != null) {
            afterNodeAccess(old);
            return old.value;
        }
        int mc = modCount;
        V v = mappingFunction.apply(key);
        if (mc != modCount) {
            throw new ConcurrentModificationException();
        }
        if (v == null) {
            return null;
        } else if (old != null) {
            old.value = v;
            afterNodeAccess(old);
            return v;
        }
        putVal(hash(key), key, v, false, true);
        return v;
    }

    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> e;
        V oldValue;
        if ((e = getNode(key)) != null && (oldValue = e.value) != null) {
            int mc = modCount;
            V v = remappingFunction.apply(key, oldValue);
            if (mc != modCount) {
                throw new ConcurrentModificationException();
            }
            if (v != null) {
                e.value = v;
                afterNodeAccess(e);
                return v;
            } else {
                removeNode(e.hash, key, null, false, true);
            }
        }
        return null;
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> old = getNode(key);
        V oldValue = (old == null) ? null : old.value;
        int mc = modCount;
        V v = remappingFunction.apply(key, oldValue);
        if (mc != modCount) {
            throw new ConcurrentModificationException();
        }
        if (old != null) {
            if (v != null) {
                old.value = v;
                afterNodeAccess(old);
            } else {
                removeNode(old.hash, key, null, false, true);
            }
        } else if (v != null) {
            putVal(hash(key), key, v, false, true);
        }
        return v;
    }

    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (value == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> old = getNode(key);
        if (old != null) {
            V v;
            if (old.value != null) {
                int mc = modCount;
                v = remappingFunction.apply(old.value, value);
                if (mc != modCount) {
                    throw new ConcurrentModificationException();
                }
            } else {
                v = value;
            }
            if (v != null) {
                old.value = v;
                afterNodeAccess(old);
            } else {
                removeNode(old.hash, key, null, false, true);
            }
            return v;
        }
        putVal(hash(key), key, value, false, true);
        return value;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) {
            throw new NullPointerException();
        }
        int mc = modCount;
        @SuppressWarnings("unchecked")
        Iterator<Node<K, V>> it = (Iterator<Node<K, V>>) newIterator(ENTRIES);
        while (it.hasNext() && modCount == mc) {
            Node<K, V> e = it.next();
            action.accept(e.key, e.value);
        }
        if (modCount != mc) {
            throw new ConcurrentModificationException();
        }
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (function == null) {
            throw new NullPointerException();
        }
        int mc = modCount;
        @SuppressWarnings("unchecked")
        Iterator<Node<K, V>> it = (Iterator<Node<K, V>>) newIterator(ENTRIES);
        while (it.hasNext() && modCount == mc) {
            Node<K, V> e = it.next();
            e.value = function.apply(e.key, e.value);
        }
        if (modCount != mc) {
            throw new ConcurrentModificationException();
        }
    }

    @SuppressWarnings("unchecked")
    public Object clone() {
        HashMap<K, V> result;
        try {
            result = (HashMap<K, V>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
        result.reinitialize();
        result.putMapEntries(this, false);
        return result;
    }

    void reinitialize() {
        table = null;
        entrySet = null;
        keySet = null;
        values = null;
        modCount = 0;
        threshold = 0;
        size = 0;
        symbolicNodes = 0;
    }

    // ---- hooks for LinkedHashMap ----

    Node<K, V> newNode(int hash, K key, V value, Node<K, V> next) {
        return new Node<K, V>(hash, key, value, next);
    }

    void afterNodeAccess(Node<K, V> p) {
    }

    void afterNodeInsertion(boolean evict) {
    }

    void afterNodeRemoval(Node<K, V> p) {
    }
}
