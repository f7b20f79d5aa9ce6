import java.util.*;

/*
 * EdgeModels -- corner cases across the collection models: self-referencing
 * toString, list-iterator range messages, fail-fast iterators of every
 * collection, equality across implementations, clones and sub-views.
 */
public class EdgeModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static String selfReference() {
        StringBuilder sb = new StringBuilder();
        List l = new ArrayList();
        l.add("a");
        l.add(l);
        sb.append(l).append(';');
        Map m = new HashMap();
        m.put("self", m);
        sb.append(m).append(';');
        Hashtable t = new Hashtable();
        t.put("me", t);
        sb.append(t).append(';');
        Map tm = new TreeMap();
        tm.put("x", tm);
        sb.append(tm).append(';');
        Collection c = new ArrayDeque();
        c.add(c);
        sb.append(c);
        return sb.toString();
    }

    public static String listIteratorRanges() {
        StringBuilder sb = new StringBuilder();
        List<List<String>> lists = new ArrayList<>();
        lists.add(new ArrayList<>(Arrays.asList("a", "b")));
        lists.add(new LinkedList<>(Arrays.asList("a", "b")));
        lists.add(new Vector<>(Arrays.asList("a", "b")));
        lists.add(Arrays.asList("a", "b"));
        lists.add(new ArrayList<>(Arrays.asList("a", "b", "c")).subList(0, 2));
        lists.add(Collections.unmodifiableList(new ArrayList<>(Arrays.asList("a", "b"))));
        lists.add(List.of("a", "b"));
        for (List<String> l : lists) {
            try {
                l.listIterator(3);
            } catch (IndexOutOfBoundsException e) {
                sb.append(ex(e));
            }
            try {
                l.listIterator(-1);
            } catch (IndexOutOfBoundsException e) {
                sb.append(ex(e));
            }
            try {
                l.get(2);
            } catch (IndexOutOfBoundsException e) {
                sb.append(ex(e));
            }
            try {
                l.subList(1, 3);
            } catch (IndexOutOfBoundsException e) {
                sb.append(ex(e));
            }
            ListIterator<String> it = l.listIterator(1);
            sb.append(it.previous()).append(it.hasPrevious()).append(it.nextIndex());
            sb.append(l.equals(Arrays.asList("a", "b"))).append(l.hashCode()).append(l).append(';');
        }
        return sb.toString();
    }

    public static String failFast() {
        StringBuilder sb = new StringBuilder();
        LinkedList<Integer> ll = new LinkedList<>(Arrays.asList(1, 2, 3));
        try {
            for (Integer x : ll) {
                ll.addFirst(x);
            }
        } catch (ConcurrentModificationException e) {
            sb.append("LL").append(ex(e));
        }
        Vector<Integer> v = new Vector<>(Arrays.asList(1, 2, 3));
        try {
            for (Integer x : v) {
                v.add(x);
            }
        } catch (ConcurrentModificationException e) {
            sb.append("V").append(ex(e));
        }
        TreeMap<Integer, Integer> tm = new TreeMap<>();
        tm.put(1, 1);
        tm.put(2, 2);
        try {
            for (Map.Entry<Integer, Integer> e : tm.entrySet()) {
                tm.remove(e.getKey());
            }
        } catch (ConcurrentModificationException e) {
            sb.append("TM").append(ex(e));
        }
        sb.append(tm);
        HashMap<Integer, Integer> hm = new HashMap<>();
        hm.put(1, 1);
        hm.put(2, 2);
        try {
            hm.forEach(new java.util.function.BiConsumer<Integer, Integer>() {
                public void accept(Integer k, Integer val) {
                    hm.put(k + 10, val);
                }
            });
        } catch (ConcurrentModificationException e) {
            sb.append("HMF").append(ex(e));
        }
        ArrayList<Integer> al = new ArrayList<>(Arrays.asList(1, 2, 3));
        ListIterator<Integer> li = al.listIterator();
        li.next();
        al.add(4);
        try {
            li.set(9);
        } catch (ConcurrentModificationException e) {
            sb.append("ALset").append(ex(e));
        }
        try {
            li.add(9);
        } catch (ConcurrentModificationException e) {
            sb.append("ALadd").append(ex(e));
        }
        ArrayList<Integer> al2 = new ArrayList<>(Arrays.asList(1, 2, 3));
        try {
            al2.forEach(new java.util.function.Consumer<Integer>() {
                public void accept(Integer x) {
                    if (x == 2) {
                        al2.add(5);
                    }
                }
            });
        } catch (ConcurrentModificationException e) {
            sb.append("ALF").append(ex(e));
        }
        LinkedHashMap<String, Integer> lhm = new LinkedHashMap<>();
        lhm.put("a", 1);
        lhm.put("b", 2);
        Iterator<String> ki = lhm.keySet().iterator();
        ki.next();
        lhm.remove("b");
        try {
            ki.next();
        } catch (ConcurrentModificationException e) {
            sb.append("LHM").append(ex(e));
        }
        HashSet<String> hs = new HashSet<>(Arrays.asList("x", "y"));
        Iterator<String> hi = hs.iterator();
        hi.next();
        hi.remove();
        try {
            hi.remove();
        } catch (IllegalStateException e) {
            sb.append("HS").append(ex(e));
        }
        sb.append(hs.size());
        return sb.toString();
    }

    public static String equalityAcrossTypes() {
        StringBuilder sb = new StringBuilder();
        List<Integer> a = new ArrayList<>(Arrays.asList(1, 2, 3));
        List<Integer> b = new LinkedList<>(a);
        List<Integer> c = new Vector<>(a);
        sb.append(a.equals(b)).append(b.equals(c)).append(c.equals(a)).append(a.hashCode() == b.hashCode());
        sb.append(a.equals(new HashSet<>(a))).append(new HashSet<>(a).equals(new TreeSet<>(a)));
        Map<String, Integer> h = new HashMap<>();
        h.put("k", 1);
        h.put("j", null);
        Map<String, Integer> t = new TreeMap<>(h);
        Map<String, Integer> l = new LinkedHashMap<>(h);
        sb.append(h.equals(t)).append(t.equals(l)).append(l.equals(h)).append(h.hashCode() == t.hashCode());
        Hashtable<String, Integer> ht = new Hashtable<>();
        ht.put("k", 1);
        sb.append(ht.equals(h)).append(h.equals(ht));
        h.remove("j");
        sb.append(ht.equals(h)).append(h.equals(ht)).append(ht.hashCode() == h.hashCode());
        sb.append(Collections.emptyList().equals(Collections.emptyList())).append(Collections.emptySet().equals(Collections.emptyList()));
        sb.append(new AbstractMap.SimpleEntry<>("a", 1).equals(new AbstractMap.SimpleImmutableEntry<>("a", 1)));
        sb.append(new AbstractMap.SimpleEntry<>("a", 1)).append(new AbstractMap.SimpleEntry<>("a", 1).hashCode());
        sb.append(Map.entry("e", 5)).append(Map.entry("e", 5).equals(new AbstractMap.SimpleEntry<>("e", 5)));
        return sb.toString();
    }

    public static String treeMapViews() {
        StringBuilder sb = new StringBuilder();
        TreeMap<Integer, String> m = new TreeMap<>();
        for (int i = 0; i < 20; i += 2) {
            m.put(i, "v" + i);
        }
        NavigableMap<Integer, String> sub = m.subMap(4, true, 14, false);
        sb.append(sub).append(sub.size()).append(sub.firstKey()).append(sub.lastKey()).append(';');
        sb.append(sub.floorKey(3)).append(sub.ceilingKey(15)).append(sub.lowerKey(4)).append(sub.higherKey(12));
        sb.append(sub.floorKey(20)).append(sub.ceilingKey(0)).append(';');
        sub.put(5, "five");
        m.put(13, "thirteen");
        m.put(15, "fifteen");
        sb.append(sub).append(sub.containsKey(15)).append(sub.get(15)).append(sub.remove(15)).append(';');
        NavigableMap<Integer, String> dsub = sub.descendingMap();
        sb.append(dsub).append(dsub.firstKey()).append(dsub.headMap(8)).append(dsub.tailMap(8)).append(';');
        sb.append(dsub.subMap(12, 5)).append(dsub.navigableKeySet()).append(dsub.descendingKeySet()).append(';');
        try {
            dsub.subMap(5, 12);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            sub.subMap(0, 10);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            sub.tailMap(100);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        sb.append(sub.pollFirstEntry()).append(sub.pollLastEntry()).append(m).append(';');
        sub.clear();
        sb.append(m).append(sub.isEmpty()).append(sub.firstEntry());
        try {
            sub.firstKey();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        NavigableSet<Integer> ks = m.navigableKeySet();
        sb.append(ks.headSet(4, true)).append(ks.descendingSet()).append(ks.pollFirst()).append(m.keySet());
        Iterator<Integer> it = m.descendingKeySet().iterator();
        it.next();
        it.remove();
        sb.append(m.keySet()).append(m.values()).append(m.entrySet());
        Collection<String> vals = m.values();
        vals.remove("v16");
        sb.append(m);
        return sb.toString();
    }

    public static String clonesAndCopies() {
        StringBuilder sb = new StringBuilder();
        HashMap<String, Integer> m = new HashMap<>(64);
        for (int i = 0; i < 5; i++) {
            m.put("c" + (i * 7), i);
        }
        sb.append(m).append(';');
        @SuppressWarnings("unchecked")
        HashMap<String, Integer> cl = (HashMap<String, Integer>) m.clone();
        sb.append(cl).append(';');
        LinkedHashMap<String, Integer> lm = new LinkedHashMap<>(m);
        @SuppressWarnings("unchecked")
        HashMap<String, Integer> lcl = (HashMap<String, Integer>) lm.clone();
        sb.append(lcl.getClass().getName()).append(lcl).append(';');
        HashSet<String> hs = new HashSet<>(m.keySet());
        sb.append(hs).append(';');
        Vector<String> v = new Vector<>(Arrays.asList("a", "b"));
        @SuppressWarnings("unchecked")
        Vector<String> vc = (Vector<String>) v.clone();
        vc.add("c");
        sb.append(v).append(vc).append(vc.capacity()).append(';');
        LinkedList<String> ll = new LinkedList<>(v);
        @SuppressWarnings("unchecked")
        LinkedList<String> llc = (LinkedList<String>) ll.clone();
        llc.removeFirst();
        sb.append(ll).append(llc).append(';');
        TreeMap<String, Integer> tm = new TreeMap<>(m);
        @SuppressWarnings("unchecked")
        TreeMap<String, Integer> tmc = (TreeMap<String, Integer>) tm.clone();
        tmc.pollFirstEntry();
        sb.append(tm.size()).append(tmc.size()).append(tmc.firstKey());
        ArrayDeque<String> dq = new ArrayDeque<>(v);
        ArrayDeque<String> dqc = dq.clone();
        dqc.poll();
        sb.append(dq).append(dqc);
        return sb.toString();
    }
}
