import java.io.IOException;
import java.io.PushbackReader;
import java.io.StringReader;
import java.util.*;

/*
 * SymModels -- methods with an int parameter: jsymex explores them
 * symbolically (several paths), and the test replays the input of every path
 * on the JVM. Symbolic ints are boxed only after they were narrowed to a few
 * values (Integer.valueOf forks once per cached box otherwise).
 */
public class SymModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    public static String listIndex(int i) {
        StringBuilder sb = new StringBuilder();
        List<String> l = new ArrayList<>(Arrays.asList("a", "b", "c", "d"));
        try {
            sb.append(l.get(i));
            sb.append(l.remove(i)).append(l);
        } catch (IndexOutOfBoundsException e) {
            sb.append(e.getClass().getName());
        }
        return sb.toString();
    }

    public static String linkedListAdd(int i) {
        StringBuilder sb = new StringBuilder();
        LinkedList<String> l = new LinkedList<>(Arrays.asList("x", "y"));
        try {
            l.add(i, "new");
            sb.append(l).append(l.indexOf("new"));
        } catch (IndexOutOfBoundsException e) {
            sb.append(e.getClass().getName());
        }
        return sb.toString();
    }

    public static String stackDepth(int n) {
        StringBuilder sb = new StringBuilder();
        if (n < 0 || n > 4) {
            return "out of range";
        }
        Stack<String> s = new Stack<>();
        for (int k = 0; k < n; k++) {
            s.push("e" + k);
        }
        sb.append(s).append(s.size());
        try {
            for (int k = 0; k < 3; k++) {
                sb.append(s.pop());
            }
            sb.append(s.peek());
        } catch (EmptyStackException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String vectorAccess(int i) {
        StringBuilder sb = new StringBuilder();
        Vector<String> v = new Vector<>(Arrays.asList("p", "q", "r"));
        try {
            sb.append(v.elementAt(i));
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(e.getClass().getName());
        }
        try {
            v.insertElementAt("z", i);
            sb.append(v);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(e.getClass().getName());
        }
        return sb.toString();
    }

    public static String hashMapGrowth(int n) {
        if (n < 10 || n > 15) {
            return "skip";
        }
        HashMap<String, Integer> m = new HashMap<>();
        for (int k = 0; k < n; k++) {
            m.put("key" + k, k);
        }
        return m.keySet().toString();
    }

    public static String hashtableGrowth(int n) {
        if (n < 6 || n > 10) {
            return "skip";
        }
        Hashtable<String, String> t = new Hashtable<>();
        for (int k = 0; k < n; k++) {
            t.put("h" + k, "v");
        }
        return t.keySet().toString();
    }

    public static String treeMapNav(int k) {
        if (k < 0 || k > 6) {
            return "skip";
        }
        TreeMap<Integer, String> t = new TreeMap<>();
        t.put(1, "one");
        t.put(3, "three");
        t.put(5, "five");
        Integer key = k;
        return t.floorKey(key) + "," + t.ceilingKey(key) + "," + t.headMap(key) + "," + t.containsKey(key);
    }

    public static String tokenizerMode(int mode) {
        String delim = mode < 0 ? "," : (mode == 0 ? ";" : ",;");
        StringTokenizer st = new StringTokenizer("a,b;c", delim, mode > 10);
        StringBuilder sb = new StringBuilder();
        sb.append(st.countTokens()).append(':');
        while (st.hasMoreTokens()) {
            sb.append('[').append(st.nextToken()).append(']');
        }
        return sb.toString();
    }

    public static String subListRange(int from) {
        List<Integer> l = new ArrayList<>(Arrays.asList(10, 20, 30, 40, 50));
        try {
            return l.subList(from, 3).toString();
        } catch (IndexOutOfBoundsException e) {
            return e.getClass().getName();
        } catch (IllegalArgumentException e) {
            return e.getClass().getName();
        }
    }

    public static String readerSkip(int n) {
        StringBuilder sb = new StringBuilder();
        try {
            StringReader r = new StringReader("abcdef");
            r.read();
            long skipped = r.skip(n);
            sb.append(skipped > 0 ? "fwd" : (skipped < 0 ? "back" : "none"));
            int c = r.read();
            sb.append(c < 0 ? "EOF" : String.valueOf((char) c));
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String pushbackCount(int k) {
        StringBuilder sb = new StringBuilder();
        if (k < 0 || k > 4) {
            return "skip";
        }
        try {
            PushbackReader r = new PushbackReader(new StringReader("xyz"), 2);
            for (int j = 0; j < k; j++) {
                r.unread('0' + j);
            }
            int c;
            while ((c = r.read()) != -1) {
                sb.append((char) c);
            }
        } catch (IOException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String iteratorRemoveAt(int pos) {
        List<String> l = new ArrayList<>(Arrays.asList("a", "b", "c"));
        Iterator<String> it = l.iterator();
        StringBuilder sb = new StringBuilder();
        try {
            int idx = 0;
            while (it.hasNext()) {
                String s = it.next();
                if (idx == pos) {
                    l.remove(s);
                }
                idx++;
                sb.append(s);
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        return sb.append(l).toString();
    }

    public static String symbolicKeys(int i) {
        HashMap<String, Integer> m = new HashMap<>();
        for (int k = 0; k < 4; k++) {
            m.put("k" + k, k * 10);
        }
        String key = "k" + (i & 7);
        Integer v = m.get(key);
        m.put(key, -1);
        return v + "," + m.containsKey("k5") + "," + m;
    }

    public static String treeSetSymbolic(int i) {
        if (i < -2 || i > 12) {
            return "skip";
        }
        TreeSet<Integer> t = new TreeSet<>(Arrays.asList(0, 5, 10));
        boolean added = t.add(i);
        return added + "," + t + "," + t.headSet(i) + "," + t.higher(i);
    }

    // ---- symbolic keys in hash maps and boxes (no pinned bucket or cache slot) ----
    // Symbolic ints are never printed here (Integer.toString forks once per digit count and
    // makes slow queries); keys are named instead, in the map's iteration order.

    static String name(Integer key, int k) {
        if (key == null) {
            return "null";
        }
        return key.equals(k) ? "k" : key.equals(k + 16) ? "k+16" : key.equals(k * 2) ? "2k" : key < 100 && key > -100 ? "" + key : "?";
    }

    public static String hashMapSymbolicKey(int k) {
        Map<Integer, String> m = new HashMap<>();
        m.put(1, "one");
        m.put(17, "seventeen");
        String old = m.put(k, "k");
        StringBuilder sb = new StringBuilder();
        sb.append(old).append(m.get(1)).append(m.get(17)).append(m.size()).append(' ');
        for (Integer key : m.keySet()) {
            sb.append(name(key, k)).append(',');
        }
        sb.append(m.remove(k)).append(m.size()).append(m.containsKey(k)).append(m.get(1));
        return sb.toString();
    }

    public static String hashSetCollisions(int a) {
        Set<Integer> s = new HashSet<>();
        s.add(a);
        s.add(a + 16);
        s.add(3);
        boolean again = s.add(3);
        StringBuilder sb = new StringBuilder();
        for (Integer x : s) {
            sb.append(name(x, a)).append(',');
        }
        return sb.toString() + s.contains(3) + s.contains(19) + again + s.size();
    }

    public static String linkedHashMapSymbolicKeys(int k) {
        Map<Integer, Integer> m = new LinkedHashMap<>();
        m.put(k, 1);
        m.put(2, 2);
        m.put(k * 2, 3);
        m.merge(2, 10, Integer::sum);
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Integer, Integer> e : m.entrySet()) {
            sb.append(name(e.getKey(), k)).append('=').append(e.getValue()).append(';');
        }
        return sb.toString();
    }

    public static String stringKeyedCounts(int n) {
        if (n < 0 || n > 3) {
            return "out of range";
        }
        Map<String, Integer> counts = new HashMap<>();
        String[] words = {"a", "b", "a", "c"};
        for (int i = 0; i <= n; i++) {
            counts.merge(words[i], 1, Integer::sum);
        }
        counts.put("n" + n, n);
        return counts.toString() + counts.get("a");
    }

    public static String boxedSum(int x) {
        List<Integer> l = new ArrayList<>();
        l.add(x);
        l.add(x + 1);
        Integer first = l.get(0);
        int sum = 0;
        for (Integer v : l) {
            sum += v;
        }
        return (first > 10 ? "big" : "small") + (sum > 21) + l.indexOf(x + 1) + l.contains(7);
    }

    public static String growWithSymbolicKeys(int k) {
        Map<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < 14; i++) {
            m.put(k + i, i);
        }
        return m.size() + ":" + m.get(k + 13) + ":" + m.get(5) + ":" + m.keySet().iterator().next().equals(k);
    }
}
