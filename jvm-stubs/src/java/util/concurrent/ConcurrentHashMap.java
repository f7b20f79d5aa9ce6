package java.util.concurrent;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * jsymex model of java.util.concurrent.ConcurrentHashMap for one thread. The
 * table follows Java so that iteration order matches: power-of-two bins,
 * spread hash (h ^ (h >>> 16)) & 0x7fffffff, a new node appended at the end
 * of its bin, resizing once the count reaches 3/4 of the capacity, Java's
 * bin splitting on resize (which reverses the nodes before the trailing run),
 * and Java's pre-sizing for putAll and the constructors. Nulls are rejected
 * with NullPointerException. Iterators are weakly consistent (never throw
 * ConcurrentModificationException). Deviation: bins of more than 8 nodes in a
 * table of at least 64 bins stay lists (Java uses trees there).
 */
public class ConcurrentHashMap<K, V> extends AbstractMap<K, V> implements ConcurrentMap<K, V>, java.io.Serializable {

    private static final int MAXIMUM_CAPACITY = 1 << 30;
    private static final int DEFAULT_CAPACITY = 16;
    private static final float LOAD_FACTOR = 0.75f;
    private static final int TREEIFY_THRESHOLD = 8;
    private static final int MIN_TREEIFY_CAPACITY = 64;
    private static final int HASH_BITS = 0x7fffffff;

    static class Node<K, V> implements Map.Entry<K, V> {
        final int hash;
        final K key;
        V val;
        Node<K, V> next;

        Node(int hash, K key, V val, Node<K, V> next) {
            this.hash = hash;
            this.key = key;
            this.val = val;
            this.next = next;
        }

        public final K getKey() {
            return key;
        }

        public final V getValue() {
            return val;
        }

        public final int hashCode() {
            return key.hashCode() ^ val.hashCode();
        }

        public final String toString() {
            return key + "=" + val;
        }

        public final V setValue(V value) {
            throw new UnsupportedOperationException();
        }

        public final boolean equals(Object o) {
            Object k;
            Object v;
            Object u;
            Map.Entry<?, ?> e;
            return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null
                    && (v = e.getValue()) != null && (k == key || k.equals(key))
                    && (v == (u = val) || v.equals(u)));
        }
    }

    static final int spread(int h) {
        return (h ^ (h >>> 16)) & HASH_BITS;
    }

    private static final int tableSizeFor(int c) {
        int n = -1 >>> Integer.numberOfLeadingZeros(c - 1);
        return (n < 0) ? 1 : (n >= MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : n + 1;
    }

    transient Node<K, V>[] table;
    private transient int sizeCtl;
    private transient int count;
    private transient KeySetView<K, V> keySetView;
    private transient ValuesView<K, V> valuesView;
    private transient EntrySetView<K, V> entrySetView;

    public ConcurrentHashMap() {
    }

    public ConcurrentHashMap(int initialCapacity) {
        this(initialCapacity, LOAD_FACTOR, 1);
    }

    public ConcurrentHashMap(Map<? extends K, ? extends V> m) {
        this.sizeCtl = DEFAULT_CAPACITY;
        putAll(m);
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor) {
        this(initialCapacity, loadFactor, 1);
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor, int concurrencyLevel) {
        if (!(loadFactor > 0.0f) || initialCapacity < 0 || concurrencyLevel <= 0) {
            throw new IllegalArgumentException();
        }
        if (initialCapacity < concurrencyLevel) {
            initialCapacity = concurrencyLevel;
        }
        long size = (long) (1.0 + (long) initialCapacity / loadFactor);
        int cap = (size >= (long) MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : tableSizeFor((int) size);
        this.sizeCtl = cap;
    }

    public int size() {
        return count;
    }

    public long mappingCount() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public V get(Object key) {
        int h = spread(key.hashCode());
        Node<K, V>[] tab = table;
        if (tab == null) {
            return null;
        }
        for (Node<K, V> e = tab[(tab.length - 1) & h]; e != null; e = e.next) {
            Object ek;
            if (e.hash == h && ((ek = e.key) == key || key.equals(ek))) {
                return e.val;
            }
        }
        return null;
    }

    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    public boolean containsValue(Object value) {
        if (value == null) {
            throw new NullPointerException();
        }
        Node<K, V>[] t = table;
        if (t != null) {
            for (int i = 0; i < t.length; i++) {
                for (Node<K, V> p = t[i]; p != null; p = p.next) {
                    V v = p.val;
                    if (v == value || value.equals(v)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    public boolean contains(Object value) {
        return containsValue(value);
    }

    public V put(K key, V value) {
        return putVal(key, value, false);
    }

    @SuppressWarnings("unchecked")
    private Node<K, V>[] initTable() {
        int sc = sizeCtl;
        int n = (sc > 0) ? sc : DEFAULT_CAPACITY;
        Node<K, V>[] nt = (Node<K, V>[]) new Node<?, ?>[n];
        table = nt;
        sizeCtl = n - (n >>> 2);
        return nt;
    }

    final V putVal(K key, V value, boolean onlyIfAbsent) {
        if (key == null || value == null) {
            throw new NullPointerException();
        }
        int hash = spread(key.hashCode());
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) {
            tab = initTable();
        }
        int n = tab.length;
        int i = (n - 1) & hash;
        Node<K, V> f = tab[i];
        int binCount = 0;
        V oldVal = null;
        if (f == null) {
            tab[i] = new Node<K, V>(hash, key, value, null);
        } else {
            binCount = 1;
            for (Node<K, V> e = f;; ++binCount) {
                K ek;
                if (e.hash == hash && ((ek = e.key) == key || key.equals(ek))) {
                    oldVal = e.val;
                    if (!onlyIfAbsent) {
                        e.val = value;
                    }
                    break;
                }
                Node<K, V> pred = e;
                if ((e = e.next) == null) {
                    pred.next = new Node<K, V>(hash, key, value, null);
                    break;
                }
            }
            if (binCount >= TREEIFY_THRESHOLD) {
                if (n < MIN_TREEIFY_CAPACITY) {
                    tryPresize(n << 1);
                }
            }
            if (oldVal != null) {
                return oldVal;
            }
        }
        addCount(1, binCount);
        return null;
    }

    private void addCount(int x, int check) {
        count += x;
        if (check >= 0) {
            Node<K, V>[] tab;
            while (count >= sizeCtl && (tab = table) != null && tab.length < MAXIMUM_CAPACITY) {
                transfer();
            }
        }
    }

    private void tryPresize(int size) {
        int c = (size >= (MAXIMUM_CAPACITY >>> 1)) ? MAXIMUM_CAPACITY : tableSizeFor(size + (size >>> 1) + 1);
        for (;;) {
            int sc = sizeCtl;
            Node<K, V>[] tab = table;
            if (tab == null || tab.length == 0) {
                int n = (sc > c) ? sc : c;
                @SuppressWarnings("unchecked")
                Node<K, V>[] nt = (Node<K, V>[]) new Node<?, ?>[n];
                table = nt;
                sizeCtl = n - (n >>> 2);
            } else if (c <= sc || tab.length >= MAXIMUM_CAPACITY) {
                break;
            } else {
                transfer();
            }
        }
    }

    /** Doubles the table, splitting every bin like Java (bins from the top down). */
    @SuppressWarnings("unchecked")
    private void transfer() {
        Node<K, V>[] tab = table;
        int n = tab.length;
        Node<K, V>[] nextTab = (Node<K, V>[]) new Node<?, ?>[n << 1];
        for (int i = n - 1; i >= 0; i--) {
            Node<K, V> f = tab[i];
            if (f == null) {
                continue;
            }
            int runBit = f.hash & n;
            Node<K, V> lastRun = f;
            for (Node<K, V> p = f.next; p != null; p = p.next) {
                int b = p.hash & n;
                if (b != runBit) {
                    runBit = b;
                    lastRun = p;
                }
            }
            Node<K, V> ln;
            Node<K, V> hn;
            if (runBit == 0) {
                ln = lastRun;
                hn = null;
            } else {
                hn = lastRun;
                ln = null;
            }
            for (Node<K, V> p = f; p != lastRun; p = p.next) {
                if ((p.hash & n) == 0) {
                    ln = new Node<K, V>(p.hash, p.key, p.val, ln);
                } else {
                    hn = new Node<K, V>(p.hash, p.key, p.val, hn);
                }
            }
            nextTab[i] = ln;
            nextTab[i + n] = hn;
        }
        table = nextTab;
        sizeCtl = (n << 1) - (n >>> 1);
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        tryPresize(m.size());
        for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
            putVal(e.getKey(), e.getValue(), false);
        }
    }

    public V remove(Object key) {
        return replaceNode(key, null, null);
    }

    /** Removes (value == null) or replaces the mapping of key, if cv is null or matches. */
    final V replaceNode(Object key, V value, Object cv) {
        int hash = spread(key.hashCode());
        Node<K, V>[] tab = table;
        if (tab == null) {
            return null;
        }
        int i = (tab.length - 1) & hash;
        Node<K, V> pred = null;
        for (Node<K, V> e = tab[i]; e != null; e = e.next) {
            K ek;
            if (e.hash == hash && ((ek = e.key) == key || key.equals(ek))) {
                V ev = e.val;
                if (cv == null || cv == ev || cv.equals(ev)) {
                    if (value != null) {
                        e.val = value;
                    } else if (pred != null) {
                        pred.next = e.next;
                    } else {
                        tab[i] = e.next;
                    }
                    if (value == null) {
                        addCount(-1, -1);
                    }
                    return ev;
                }
                return null;
            }
            pred = e;
        }
        return null;
    }

    public void clear() {
        Node<K, V>[] tab = table;
        if (tab != null) {
            for (int i = 0; i < tab.length; i++) {
                tab[i] = null;
            }
        }
        count = 0;
    }

    public V putIfAbsent(K key, V value) {
        return putVal(key, value, true);
    }

    public boolean remove(Object key, Object value) {
        if (key == null) {
            throw new NullPointerException();
        }
        return value != null && replaceNode(key, null, value) != null;
    }

    public boolean replace(K key, V oldValue, V newValue) {
        if (key == null || oldValue == null || newValue == null) {
            throw new NullPointerException();
        }
        return replaceNode(key, newValue, oldValue) != null;
    }

    public V replace(K key, V value) {
        if (key == null || value == null) {
            throw new NullPointerException();
        }
        return replaceNode(key, value, null);
    }

    public V getOrDefault(Object key, V defaultValue) {
        V v;
        return (v = get(key)) == null ? defaultValue : v;
    }

    public Enumeration<K> keys() {
        final Iterator<K> it = keySet().iterator();
        return new Enumeration<K>() {
            public boolean hasMoreElements() {
                return it.hasNext();
            }

            public K nextElement() {
                return it.next();
            }
        };
    }

    public Enumeration<V> elements() {
        final Iterator<V> it = values().iterator();
        return new Enumeration<V>() {
            public boolean hasMoreElements() {
                return it.hasNext();
            }

            public V nextElement() {
                return it.next();
            }
        };
    }

    public KeySetView<K, V> keySet() {
        KeySetView<K, V> ks = keySetView;
        if (ks == null) {
            ks = new KeySetView<K, V>(this);
            keySetView = ks;
        }
        return ks;
    }

    public Collection<V> values() {
        ValuesView<K, V> vs = valuesView;
        if (vs == null) {
            vs = new ValuesView<K, V>(this);
            valuesView = vs;
        }
        return vs;
    }

    public Set<Map.Entry<K, V>> entrySet() {
        EntrySetView<K, V> es = entrySetView;
        if (es == null) {
            es = new EntrySetView<K, V>(this);
            entrySetView = es;
        }
        return es;
    }

    public int hashCode() {
        int h = 0;
        Node<K, V>[] t = table;
        if (t != null) {
            for (int i = 0; i < t.length; i++) {
                for (Node<K, V> p = t[i]; p != null; p = p.next) {
                    h += p.key.hashCode() ^ p.val.hashCode();
                }
            }
        }
        return h;
    }

    static final int KEYS = 0;
    static final int VALUES = 1;
    static final int ENTRIES = 2;

    /** Walks the bins in index order; weakly consistent. */
    static final class BaseIterator<K, V> implements Iterator<Object> {
        final ConcurrentHashMap<K, V> map;
        final int kind;
        Node<K, V>[] tab;
        Node<K, V> next;
        Node<K, V> lastReturned;
        int index;

        BaseIterator(ConcurrentHashMap<K, V> map, int kind) {
            this.map = map;
            this.kind = kind;
            this.tab = map.table;
            advance();
        }

        private void advance() {
            Node<K, V> e = next;
            if (e != null) {
                e = e.next;
            }
            while (e == null && tab != null && index < tab.length) {
                e = tab[index++];
            }
            next = e;
        }

        public boolean hasNext() {
            return next != null;
        }

        public Object next() {
            Node<K, V> p = next;
            if (p == null) {
                throw new NoSuchElementException();
            }
            lastReturned = p;
            advance();
            if (kind == KEYS) {
                return p.key;
            } else if (kind == VALUES) {
                return p.val;
            }
            return new MapEntry<K, V>(p.key, p.val, map);
        }

        public void remove() {
            Node<K, V> p = lastReturned;
            if (p == null) {
                throw new IllegalStateException();
            }
            lastReturned = null;
            map.replaceNode(p.key, null, null);
        }
    }

    static final class MapEntry<K, V> implements Map.Entry<K, V> {
        final K key;
        V val;
        final ConcurrentHashMap<K, V> map;

        MapEntry(K key, V val, ConcurrentHashMap<K, V> map) {
            this.key = key;
            this.val = val;
            this.map = map;
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return val;
        }

        public int hashCode() {
            return key.hashCode() ^ val.hashCode();
        }

        public String toString() {
            return key + "=" + val;
        }

        public boolean equals(Object o) {
            Object k;
            Object v;
            Map.Entry<?, ?> e;
            return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null
                    && (v = e.getValue()) != null && (k == key || k.equals(key))
                    && (v == val || v.equals(val)));
        }

        public V setValue(V value) {
            if (value == null) {
                throw new NullPointerException();
            }
            V v = val;
            val = value;
            map.put(key, value);
            return v;
        }
    }

    public static class KeySetView<K, V> extends AbstractSet<K> implements java.io.Serializable {
        private final ConcurrentHashMap<K, V> map;

        KeySetView(ConcurrentHashMap<K, V> map) {
            this.map = map;
        }

        public ConcurrentHashMap<K, V> getMap() {
            return map;
        }

        public int size() {
            return map.size();
        }

        public void clear() {
            map.clear();
        }

        public boolean contains(Object o) {
            return map.containsKey(o);
        }

        public boolean remove(Object o) {
            return map.remove(o) != null;
        }

        @SuppressWarnings("unchecked")
        public Iterator<K> iterator() {
            return (Iterator<K>) (Iterator<?>) new BaseIterator<K, V>(map, KEYS);
        }

        public boolean add(K e) {
            throw new UnsupportedOperationException();
        }
    }

    static final class ValuesView<K, V> extends AbstractCollection<V> implements java.io.Serializable {
        private final ConcurrentHashMap<K, V> map;

        ValuesView(ConcurrentHashMap<K, V> map) {
            this.map = map;
        }

        public int size() {
            return map.size();
        }

        public void clear() {
            map.clear();
        }

        public boolean contains(Object o) {
            return map.containsValue(o);
        }

        @SuppressWarnings("unchecked")
        public Iterator<V> iterator() {
            return (Iterator<V>) (Iterator<?>) new BaseIterator<K, V>(map, VALUES);
        }

        public boolean add(V e) {
            throw new UnsupportedOperationException();
        }
    }

    static final class EntrySetView<K, V> extends AbstractSet<Map.Entry<K, V>> implements java.io.Serializable {
        private final ConcurrentHashMap<K, V> map;

        EntrySetView(ConcurrentHashMap<K, V> map) {
            this.map = map;
        }

        public int size() {
            return map.size();
        }

        public void clear() {
            map.clear();
        }

        public boolean contains(Object o) {
            Object k;
            Object v;
            Object r;
            Map.Entry<?, ?> e;
            return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null
                    && (r = map.get(k)) != null && (v = e.getValue()) != null && (v == r || v.equals(r)));
        }

        public boolean remove(Object o) {
            Object k;
            Object v;
            Map.Entry<?, ?> e;
            return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null
                    && (v = e.getValue()) != null && map.remove(k, v));
        }

        @SuppressWarnings("unchecked")
        public Iterator<Map.Entry<K, V>> iterator() {
            return (Iterator<Map.Entry<K, V>>) (Iterator<?>) new BaseIterator<K, V>(map, ENTRIES);
        }

        public boolean add(Map.Entry<K, V> e) {
            return map.putVal(e.getKey(), e.getValue(), false) == null;
        }
    }
}
