import java.util.*;
import java.util.concurrent.ConcurrentHashMap;

/*
 * MapModels -- differential tests for the java.util map models: HashMap
 * (iteration order, resizing, null keys, views, fail-fast iterators),
 * LinkedHashMap (insertion and access order, removeEldestEntry), Hashtable
 * (its own order, nulls rejected, rehash), Properties (ConcurrentHashMap
 * order, defaults, propertyNames, load), TreeMap (navigation, range views),
 * ConcurrentHashMap and the unmodifiable/empty/singleton maps.
 */
public class MapModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    public static String hashMapBasics() {
        StringBuilder sb = new StringBuilder();
        HashMap<String, Integer> m = new HashMap<>();
        sb.append(m).append(m.isEmpty()).append(m.get("a")).append(';');
        sb.append(m.put("one", 1)).append(m.put("two", 2)).append(m.put("one", 11)).append(';');
        sb.append(m).append(m.size()).append(m.get("one")).append(m.containsKey("two")).append(m.containsValue(2));
        sb.append(m.containsValue(3)).append(';');
        sb.append(m.put(null, 0)).append(m.get(null)).append(m.containsKey(null)).append(m).append(';');
        sb.append(m.put("nv", null)).append(m.containsKey("nv")).append(m.get("nv")).append(m.getOrDefault("nv", 5));
        sb.append(m.getOrDefault("zz", 5)).append(';');
        sb.append(m.remove(null)).append(m.remove("absent")).append(m).append(';');
        sb.append(m.putIfAbsent("nv", 7)).append(m.putIfAbsent("two", 9)).append(m.get("nv")).append(';');
        sb.append(m.replace("two", 22)).append(m.replace("x", 1)).append(m.replace("two", 22, 23)).append(m.replace("two", 0, 1));
        sb.append(m.remove("two", 5)).append(m.remove("two", 23)).append(m).append(';');
        sb.append(m.hashCode()).append(m.equals(new TreeMap<>(m))).append(';');
        HashMap<String, Integer> c = new HashMap<>(m);
        c.put("new", 4);
        sb.append(c).append(m.size()).append(';');
        @SuppressWarnings("unchecked")
        HashMap<String, Integer> cl = (HashMap<String, Integer>) m.clone();
        sb.append(cl).append(cl.equals(m)).append(';');
        m.clear();
        sb.append(m).append(m.size()).append(cl.size());
        try {
            new HashMap<String, String>(-1);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String hashMapOrder() {
        StringBuilder sb = new StringBuilder();
        HashMap<String, Integer> m = new HashMap<>();
        String[] words = {"banana", "apple", "cherry", "date", "elderberry", "fig", "grape", "honeydew", "kiwi",
            "lemon", "mango", "nectarine", "orange", "papaya", "quince", "raspberry", "strawberry", "tangerine"};
        for (int i = 0; i < words.length; i++) {
            m.put(words[i], i);
            if (i == 11 || i == 12 || i == 17) {
                sb.append(m.keySet()).append(';');
            }
        }
        sb.append(m.values()).append(';');
        HashMap<Integer, String> im = new HashMap<>();
        int[] keys = {100, 3, 17, 33, 64, -5, 1 << 20, 49, 16, 0, 255, 1000, 12, 13, 14, 31};
        for (int k : keys) {
            im.put(k, "v" + k);
        }
        sb.append(im).append(';');
        // 9 keys colliding in bucket 0 of a 16-table: treeifyBin resizes instead
        HashMap<Integer, Integer> col = new HashMap<>();
        for (int i = 0; i < 10; i++) {
            col.put(i * 64, i);
            sb.append(col.keySet().iterator().next()).append(',');
        }
        sb.append(col.keySet()).append(';');
        HashMap<Integer, Integer> sized = new HashMap<>(2);
        for (int i = 0; i < 5; i++) {
            sized.put(i * 2 + 1, i);
            sized.put(i * 4, i);
        }
        sb.append(sized).append(';');
        LinkedHashMap<Integer, Integer> src = new LinkedHashMap<>();
        src.put(16, 0);
        for (int i = 1; i <= 10; i++) {
            src.put(i + 32 * i, 0);
        }
        src.put(0, 0);
        sb.append(new HashMap<>(src).keySet());
        HashMap<Integer, Integer> h = new HashMap<>();
        h.put(1, 1);
        h.putAll(src);
        sb.append(h.keySet());
        sb.append(new HashSet<>(src.keySet()));
        return sb.toString();
    }

    public static String hashMapViews() {
        StringBuilder sb = new StringBuilder();
        HashMap<String, Integer> m = new HashMap<>();
        for (int i = 0; i < 6; i++) {
            m.put("k" + i, i * i);
        }
        Set<String> ks = m.keySet();
        Collection<Integer> vs = m.values();
        Set<Map.Entry<String, Integer>> es = m.entrySet();
        sb.append(ks.size()).append(ks.contains("k3")).append(vs.contains(16)).append(';');
        for (Map.Entry<String, Integer> e : es) {
            sb.append(e.getKey()).append('=').append(e.getValue()).append(',');
            if (e.getKey().equals("k2")) {
                e.setValue(-1);
            }
        }
        sb.append(m).append(';');
        Iterator<String> it = ks.iterator();
        while (it.hasNext()) {
            if (it.next().compareTo("k3") < 0) {
                it.remove();
            }
        }
        sb.append(m).append(';');
        sb.append(ks.remove("k4")).append(ks.remove("k4")).append(m).append(';');
        sb.append(es.contains(new AbstractMap.SimpleEntry<>("k5", 25))).append(es.remove(new AbstractMap.SimpleEntry<>("k5", 1)));
        vs.remove(9);
        sb.append(m).append(';');
        try {
            for (String k : m.keySet()) {
                m.put(k + "x", 1);
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        Iterator<Integer> vi = vs.iterator();
        try {
            vi.remove();
        } catch (IllegalStateException e) {
            sb.append(ex(e));
        }
        HashMap<String, Integer> e2 = new HashMap<>();
        try {
            e2.keySet().iterator().next();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        Map.Entry<String, Integer> first = m.entrySet().iterator().next();
        sb.append(first).append(first.hashCode()).append(first.equals(new AbstractMap.SimpleEntry<>(first)));
        ks.clear();
        sb.append(m.isEmpty()).append(vs.size());
        return sb.toString();
    }

    public static String linkedHashMap() {
        StringBuilder sb = new StringBuilder();
        LinkedHashMap<String, Integer> m = new LinkedHashMap<>();
        String[] ws = {"zeta", "alpha", "mu", "beta", "omega", "chi"};
        for (int i = 0; i < ws.length; i++) {
            m.put(ws[i], i);
        }
        sb.append(m).append(';');
        m.put("alpha", 100);
        m.remove("mu");
        m.put("mu", 7);
        sb.append(m.keySet()).append(m.values()).append(';');
        LinkedHashMap<String, Integer> access = new LinkedHashMap<>(16, 0.75f, true);
        for (int i = 0; i < ws.length; i++) {
            access.put(ws[i], i);
        }
        access.get("alpha");
        access.get("zeta");
        access.put("mu", 9);
        access.getOrDefault("beta", 0);
        sb.append(access).append(';');
        try {
            for (String k : access.keySet()) {
                access.get(k);
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        LinkedHashMap<Integer, String> lru = new LinkedHashMap<Integer, String>(4, 0.75f, true) {
            protected boolean removeEldestEntry(Map.Entry<Integer, String> eldest) {
                return size() > 3;
            }
        };
        for (int i = 0; i < 6; i++) {
            lru.put(i, "v" + i);
            if (i == 3) {
                lru.get(1);
            }
        }
        sb.append(lru).append(';');
        LinkedHashMap<String, Integer> copy = new LinkedHashMap<>(m);
        sb.append(copy.equals(m)).append(copy).append(copy.containsValue(100));
        Iterator<Map.Entry<String, Integer>> it = copy.entrySet().iterator();
        it.next();
        it.remove();
        sb.append(copy);
        copy.clear();
        sb.append(copy).append(copy.size());
        LinkedHashSet<String> lhs = new LinkedHashSet<>(Arrays.asList("q", "a", "q", "z"));
        sb.append(lhs);
        return sb.toString();
    }

    public static String hashtable() {
        StringBuilder sb = new StringBuilder();
        Hashtable<String, Integer> t = new Hashtable<>();
        String[] ws = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
        for (int i = 0; i < ws.length; i++) {
            t.put(ws[i], i + 1);
            if (i == 7 || i == 8) {
                sb.append(t).append(';');
            }
        }
        sb.append(t.keySet()).append(t.values()).append(';');
        Enumeration<String> keys = t.keys();
        while (keys.hasMoreElements()) {
            sb.append(keys.nextElement()).append(',');
        }
        Enumeration<Integer> els = t.elements();
        while (els.hasMoreElements()) {
            sb.append(els.nextElement()).append(',');
        }
        try {
            t.put(null, 1);
        } catch (NullPointerException e) {
            sb.append("!NPE1");
        }
        try {
            t.put("x", null);
        } catch (NullPointerException e) {
            sb.append("!NPE2");
        }
        try {
            t.get(null);
        } catch (NullPointerException e) {
            sb.append("!NPE3");
        }
        try {
            t.containsKey(null);
        } catch (NullPointerException e) {
            sb.append("!NPE4");
        }
        try {
            t.contains(null);
        } catch (NullPointerException e) {
            sb.append("!NPE5");
        }
        sb.append(t.get("six")).append(t.containsKey("nine")).append(t.contains(3)).append(t.containsValue(99));
        sb.append(t.remove("six")).append(t.remove("six")).append(t.size()).append(';');
        Hashtable<Integer, String> it = new Hashtable<>();
        for (int i = 0; i < 12; i++) {
            it.put(i * 7, "v" + i);
        }
        sb.append(it).append(';');
        @SuppressWarnings("unchecked")
        Hashtable<Integer, String> cl = (Hashtable<Integer, String>) it.clone();
        cl.put(1000, "x");
        sb.append(cl.size()).append(it.size()).append(cl.equals(it)).append(it.equals(new HashMap<>(it))).append(';');
        sb.append(it.hashCode() == new HashMap<>(it).hashCode());
        try {
            for (Integer k : it.keySet()) {
                it.remove(k);
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        Enumeration<String> en = it.elements();
        it.put(5000, "late");
        int n = 0;
        while (en.hasMoreElements()) {
            en.nextElement();
            n++;
        }
        sb.append(n).append(';');
        Hashtable<String, String> small = new Hashtable<>(2);
        small.put("a", "1");
        small.put("b", "2");
        small.put("c", "3");
        sb.append(small).append(small.putIfAbsent("a", "9")).append(small.getOrDefault("zz", "d"));
        sb.append(new Hashtable<String, Integer>()).append(new Hashtable<String, Integer>().keys().hasMoreElements());
        try {
            new Hashtable<String, String>(-3);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        it.clear();
        sb.append(it).append(it.isEmpty());
        return sb.toString();
    }

    public static String properties() {
        StringBuilder sb = new StringBuilder();
        Properties defaults = new Properties();
        defaults.setProperty("color", "red");
        defaults.setProperty("size", "10");
        Properties p = new Properties(defaults);
        sb.append(p.getProperty("color")).append(p.getProperty("none")).append(p.getProperty("none", "dflt"));
        sb.append(p.setProperty("color", "blue")).append(p.getProperty("color")).append(p.get("size")).append(';');
        for (int i = 0; i < 14; i++) {
            p.setProperty("k" + i, "v" + i);
        }
        sb.append(p).append(';');
        sb.append(p.keySet()).append(';');
        Enumeration<?> names = p.propertyNames();
        while (names.hasMoreElements()) {
            sb.append(names.nextElement()).append(' ');
        }
        sb.append(';');
        Enumeration<Object> keys = p.keys();
        int n = 0;
        while (keys.hasMoreElements()) {
            keys.nextElement();
            n++;
        }
        sb.append(n).append(p.size()).append(p.isEmpty()).append(p.containsKey("k3")).append(p.contains("v4"));
        sb.append(p.stringPropertyNames()).append(';');
        sb.append(p.remove("k3")).append(p.remove("k3")).append(p.put("obj", Integer.valueOf(5)));
        sb.append(p.getProperty("obj")).append(p.get("obj")).append(';');
        try {
            p.put(null, "x");
        } catch (NullPointerException e) {
            sb.append("!NPE1");
        }
        try {
            p.setProperty("x", null);
        } catch (NullPointerException e) {
            sb.append("!NPE2");
        }
        try {
            p.get(null);
        } catch (NullPointerException e) {
            sb.append("!NPE3");
        }
        Properties cl = (Properties) p.clone();
        sb.append(cl.size()).append(cl.getProperty("k5")).append(cl.equals(p)).append(';');
        Properties small = new Properties();
        small.put("b", "2");
        small.put("a", "1");
        sb.append(small).append(small.hashCode()).append(small.entrySet().size());
        small.clear();
        sb.append(small).append(small.isEmpty());
        return sb.toString();
    }

    public static String propertiesLoad() {
        StringBuilder sb = new StringBuilder();
        Properties p = new Properties();
        String text = "# comment\n! another\n  key1 = value one  \nkey2:value2\nkey3 value3\n"
                + "multi = first \\\n     second\\\n third\n"
                + "esc\\ key = tab\\there\\nnewline \\u0041\\u00e9\n"
                + "empty=\n" + "justkey\n" + "\r\n" + "crlf=yes\r\n" + "colon\\:key = c\n" + "last=end";
        try {
            p.load(new java.io.StringReader(text));
        } catch (java.io.IOException e) {
            sb.append(ex(e));
        }
        sb.append(p.size()).append(';');
        String[] ks = {"key1", "key2", "key3", "multi", "esc key", "empty", "justkey", "crlf", "colon:key", "last"};
        for (String k : ks) {
            sb.append('[').append(k).append("]=[").append(p.getProperty(k)).append(']');
        }
        Properties bad = new Properties();
        try {
            bad.load(new java.io.StringReader("a=\\u00zz"));
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        } catch (java.io.IOException e) {
            sb.append(ex(e));
        }
        Properties fromBytes = new Properties();
        try {
            fromBytes.load(new java.io.ByteArrayInputStream(new byte[] {'x', '=', '1', '\n', 'y', '=', '2'}));
        } catch (java.io.IOException e) {
            sb.append(ex(e));
        } catch (RuntimeException e) {
            sb.append(ex(e));
        }
        sb.append(fromBytes.getProperty("y"));
        java.io.StringWriter sw = new java.io.StringWriter();
        java.io.PrintWriter pw = new java.io.PrintWriter(sw);
        Properties lp = new Properties();
        lp.setProperty("short", "v");
        lp.setProperty("long", "0123456789012345678901234567890123456789012345");
        lp.list(pw);
        pw.flush();
        sb.append(sw);
        return sb.toString();
    }

    public static String treeMap() {
        StringBuilder sb = new StringBuilder();
        TreeMap<String, Integer> t = new TreeMap<>();
        String[] ws = {"m", "c", "x", "a", "q", "e", "z", "b"};
        for (int i = 0; i < ws.length; i++) {
            t.put(ws[i], i);
        }
        sb.append(t).append(t.size()).append(';');
        sb.append(t.firstKey()).append(t.lastKey()).append(t.firstEntry()).append(t.lastEntry()).append(';');
        sb.append(t.floorKey("d")).append(t.ceilingKey("d")).append(t.lowerKey("c")).append(t.higherKey("c"));
        sb.append(t.floorKey("c")).append(t.ceilingKey("zz")).append(t.lowerKey("a")).append(t.higherEntry("q")).append(';');
        sb.append(t.headMap("e")).append(t.headMap("e", true)).append(t.tailMap("q")).append(t.tailMap("q", false));
        sb.append(t.subMap("b", "q")).append(t.subMap("b", false, "q", true)).append(';');
        sb.append(t.descendingMap()).append(t.descendingKeySet()).append(t.navigableKeySet()).append(';');
        SortedMap<String, Integer> head = t.headMap("m");
        head.put("d", 99);
        sb.append(t.containsKey("d")).append(head.size()).append(head.firstKey()).append(head.lastKey());
        try {
            head.put("y", 1);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            t.subMap("q", "b");
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            t.headMap("m").headMap("y");
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        sb.append(';').append(t.pollFirstEntry()).append(t.pollLastEntry()).append(t);
        Map.Entry<String, Integer> fe = t.firstEntry();
        try {
            fe.setValue(5);
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        for (Map.Entry<String, Integer> e : t.entrySet()) {
            e.setValue(e.getValue() * 10);
        }
        sb.append(t).append(';');
        try {
            t.put(null, 1);
        } catch (NullPointerException e) {
            sb.append("!NPE1");
        }
        try {
            t.get(null);
        } catch (NullPointerException e) {
            sb.append("!NPE2");
        }
        TreeMap<String, Integer> empty = new TreeMap<>();
        try {
            empty.firstKey();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        sb.append(empty.firstEntry()).append(empty.pollFirstEntry()).append(empty.floorKey("a"));
        Iterator<String> it = t.keySet().iterator();
        while (it.hasNext()) {
            if (it.next().compareTo("e") < 0) {
                it.remove();
            }
        }
        sb.append(t);
        try {
            for (String k : t.keySet()) {
                t.put(k + k, 0);
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        sb.append(';');
        TreeMap<String, Integer> rev = new TreeMap<>(Collections.reverseOrder());
        rev.putAll(t);
        sb.append(rev).append(rev.firstKey()).append(rev.comparator() != null);
        TreeMap<Integer, String> nums = new TreeMap<>();
        for (int i = 10; i > 0; i -= 3) {
            nums.put(i, "n" + i);
        }
        NavigableMap<Integer, String> desc = nums.descendingMap();
        sb.append(desc).append(desc.firstKey()).append(desc.headMap(4)).append(desc.tailMap(4, true));
        sb.append(desc.floorKey(5)).append(desc.higherKey(7)).append(desc.descendingMap());
        sb.append(nums.headMap(7).keySet()).append(nums.subMap(1, 10).values()).append(nums.containsValue("n7"));
        return sb.toString();
    }

    public static String concurrentAndOthers() {
        StringBuilder sb = new StringBuilder();
        ConcurrentHashMap<String, Integer> c = new ConcurrentHashMap<>();
        for (int i = 0; i < 15; i++) {
            c.put("c" + i, i);
        }
        sb.append(c).append(';');
        try {
            c.put("a", null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        sb.append(c.putIfAbsent("c1", 5)).append(c.getOrDefault("q", -1)).append(c.remove("c2")).append(c.size());
        sb.append(';');
        Map<String, String> um = Collections.unmodifiableMap(new TreeMap<>(Map.of("b", "2")));
        sb.append(um).append(um.get("b")).append(um.containsKey("a"));
        try {
            um.put("c", "3");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        try {
            um.entrySet().iterator().next().setValue("x");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        Map<String, Integer> em = Collections.emptyMap();
        sb.append(em).append(em.size()).append(em.get("a")).append(em.hashCode()).append(em.equals(new HashMap<>()));
        Map<String, Integer> sm = Collections.singletonMap("k", 1);
        sb.append(sm).append(sm.get("k")).append(sm.containsValue(1)).append(sm.keySet());
        try {
            sm.put("z", 2);
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        Map<String, Integer> one = Map.of("solo", 1);
        sb.append(one).append(one.get("solo"));
        try {
            Map.of("a", 1, "a", 2);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        Map<String, List<Integer>> multi = new HashMap<>();
        multi.computeIfAbsent("x", new java.util.function.Function<String, List<Integer>>() {
            public List<Integer> apply(String k) {
                return new ArrayList<>();
            }
        }).add(1);
        multi.computeIfAbsent("x", new java.util.function.Function<String, List<Integer>>() {
            public List<Integer> apply(String k) {
                return new ArrayList<>();
            }
        }).add(2);
        sb.append(multi);
        HashMap<String, Integer> counts = new HashMap<>();
        java.util.function.BiFunction<Integer, Integer, Integer> plus = new java.util.function.BiFunction<Integer, Integer, Integer>() {
            public Integer apply(Integer a, Integer b) {
                return a + b;
            }
        };
        for (String w : "a b a c b a".split(" ")) {
            counts.merge(w, 1, plus);
        }
        sb.append(counts);
        return sb.toString();
    }
}
