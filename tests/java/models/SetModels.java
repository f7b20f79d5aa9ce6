import java.util.*;

/*
 * SetModels -- differential tests for HashSet, LinkedHashSet, TreeSet (with
 * range views), the Collections set wrappers and ArrayDeque.
 */
public class SetModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    public static String hashSet() {
        StringBuilder sb = new StringBuilder();
        HashSet<String> s = new HashSet<>();
        sb.append(s).append(s.add("pear")).append(s.add("apple")).append(s.add("pear")).append(s.add(null));
        sb.append(s).append(s.size()).append(s.contains(null)).append(s.contains("apple")).append(';');
        for (int i = 0; i < 14; i++) {
            s.add("w" + (i * 13));
        }
        sb.append(s).append(';');
        sb.append(s.remove("pear")).append(s.remove("pear")).append(s.remove(null)).append(s.size()).append(';');
        HashSet<String> other = new HashSet<>(Arrays.asList("w0", "w13", "zz"));
        HashSet<String> inter = new HashSet<>(s);
        inter.retainAll(other);
        sb.append(inter).append(s.containsAll(inter)).append(s.removeAll(other)).append(s.size()).append(';');
        @SuppressWarnings("unchecked")
        HashSet<String> cl = (HashSet<String>) s.clone();
        sb.append(cl.equals(s)).append(cl.hashCode() == s.hashCode()).append(';');
        Object[] arr = other.toArray();
        String[] sarr = other.toArray(new String[3]);
        sb.append(arr.length).append(sarr[0] != null).append(';');
        try {
            for (String x : s) {
                s.add(x + "!");
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        HashSet<Integer> ints = new HashSet<>();
        for (int i = 40; i > 0; i -= 3) {
            ints.add(i);
        }
        sb.append(ints);
        Iterator<Integer> it = ints.iterator();
        while (it.hasNext()) {
            if (it.next() % 2 == 0) {
                it.remove();
            }
        }
        sb.append(ints).append(ints.equals(new TreeSet<>(ints)));
        s.clear();
        sb.append(s.isEmpty());
        return sb.toString();
    }

    public static String treeSet() {
        StringBuilder sb = new StringBuilder();
        TreeSet<Integer> t = new TreeSet<>(Arrays.asList(50, 10, 40, 20, 30, 10));
        sb.append(t).append(t.size()).append(t.first()).append(t.last()).append(';');
        sb.append(t.floor(25)).append(t.ceiling(25)).append(t.lower(10)).append(t.higher(50)).append(t.floor(10)).append(';');
        sb.append(t.headSet(30)).append(t.headSet(30, true)).append(t.tailSet(30)).append(t.tailSet(30, false));
        sb.append(t.subSet(15, 45)).append(t.subSet(10, false, 50, true)).append(';');
        sb.append(t.descendingSet()).append(';');
        Iterator<Integer> d = t.descendingIterator();
        while (d.hasNext()) {
            sb.append(d.next()).append(',');
        }
        SortedSet<Integer> head = t.headSet(35);
        head.add(5);
        try {
            head.add(36);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        sb.append(t).append(head).append(';');
        sb.append(t.pollFirst()).append(t.pollLast()).append(t).append(';');
        TreeSet<String> byLen = new TreeSet<>(new Comparator<String>() {
            public int compare(String a, String b) {
                return a.length() - b.length();
            }
        });
        byLen.addAll(Arrays.asList("ccc", "a", "bb", "dd", "eeee"));
        sb.append(byLen).append(byLen.contains("zz")).append(byLen.comparator() != null).append(';');
        TreeSet<String> empty = new TreeSet<>();
        try {
            empty.first();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            empty.add(null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        sb.append(empty.pollFirst()).append(empty.isEmpty());
        @SuppressWarnings("unchecked")
        TreeSet<Integer> cl = (TreeSet<Integer>) t.clone();
        cl.add(1);
        sb.append(cl).append(t.size()).append(new TreeSet<>(cl.descendingSet()));
        NavigableSet<Integer> ds = cl.descendingSet();
        sb.append(ds.first()).append(ds.headSet(20)).append(ds.floor(25)).append(ds.pollFirst()).append(cl);
        return sb.toString();
    }

    public static String setWrappers() {
        StringBuilder sb = new StringBuilder();
        Set<String> base = new LinkedHashSet<>(Arrays.asList("x", "y"));
        Set<String> u = Collections.unmodifiableSet(base);
        sb.append(u).append(u.contains("x")).append(u.equals(base)).append(u.hashCode());
        try {
            u.add("z");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        Set<String> e = Collections.emptySet();
        sb.append(e).append(e.size()).append(e.contains("a")).append(e.iterator().hasNext()).append(e.equals(new HashSet<>()));
        Set<Integer> one = Collections.singleton(7);
        sb.append(one).append(one.contains(7)).append(one.size());
        try {
            one.remove(7);
        } catch (UnsupportedOperationException ex1) {
            sb.append(ex(ex1));
        }
        Set<String> sset = Collections.synchronizedSet(new TreeSet<String>());
        sset.add("b");
        sset.add("a");
        sb.append(sset);
        SortedSet<Integer> us = Collections.unmodifiableSortedSet(new TreeSet<>(Arrays.asList(3, 1, 2)));
        sb.append(us.first()).append(us.last()).append(us.headSet(3));
        Set<String> so = Set.of("only");
        sb.append(so).append(so.contains("only"));
        try {
            Set.of("a", "a");
        } catch (IllegalArgumentException ex2) {
            sb.append(ex(ex2));
        }
        return sb.toString();
    }

    public static String arrayDeque() {
        StringBuilder sb = new StringBuilder();
        ArrayDeque<Integer> d = new ArrayDeque<>();
        sb.append(d.poll()).append(d.peekLast()).append(d.isEmpty());
        try {
            d.pop();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            d.addFirst(null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        for (int i = 0; i < 20; i++) {
            if (i % 2 == 0) {
                d.addFirst(i);
            } else {
                d.addLast(i);
            }
        }
        sb.append(d).append(d.size()).append(d.peekFirst()).append(d.getLast()).append(';');
        sb.append(d.pollFirst()).append(d.pollLast()).append(d.pop()).append(d.removeLast());
        d.push(100);
        d.offer(200);
        sb.append(d.contains(100)).append(d.remove(Integer.valueOf(5))).append(d.removeLastOccurrence(200)).append(d).append(';');
        Iterator<Integer> it = d.descendingIterator();
        for (int i = 0; i < 3; i++) {
            sb.append(it.next()).append(',');
        }
        Iterator<Integer> fw = d.iterator();
        while (fw.hasNext()) {
            if (fw.next() > 10) {
                fw.remove();
            }
        }
        sb.append(d).append(Arrays.toString(d.toArray()));
        Deque<String> stack = new ArrayDeque<>();
        stack.push("a");
        stack.push("b");
        sb.append(stack.pop()).append(stack.peek()).append(stack.size());
        return sb.toString();
    }

    public static String priorityQueue() {
        StringBuilder sb = new StringBuilder();
        PriorityQueue<Integer> q = new PriorityQueue<>();
        sb.append(q.poll()).append(q.peek()).append(q.isEmpty());
        try {
            q.element();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        int[] xs = {42, 7, 19, 3, 25, 3, 88, 1, 50, 13, 6, 71, 2};
        for (int x : xs) {
            q.offer(x);
        }
        sb.append(q).append(q.size()).append(q.peek()).append(';');
        sb.append(q.remove(Integer.valueOf(19))).append(q.remove(Integer.valueOf(1000))).append(q).append(';');
        Iterator<Integer> it = q.iterator();
        int n = 0;
        while (it.hasNext()) {
            int v = it.next();
            if (n++ % 3 == 1) {
                it.remove();
            }
            sb.append(v).append(',');
        }
        sb.append(q).append(';');
        while (!q.isEmpty()) {
            sb.append(q.poll()).append(' ');
        }
        PriorityQueue<String> rev = new PriorityQueue<>(4, Collections.reverseOrder());
        rev.addAll(Arrays.asList("m", "b", "x", "a", "q"));
        sb.append(rev).append(rev.poll()).append(rev.contains("a")).append(Arrays.toString(rev.toArray()));
        PriorityQueue<Integer> heapified = new PriorityQueue<>(Arrays.asList(9, 8, 7, 6, 5, 4, 3, 2, 1));
        sb.append(heapified);
        try {
            q.add(null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        PriorityQueue<Object> objs = new PriorityQueue<>();
        try {
            objs.add(new Object());
        } catch (ClassCastException e) {
            sb.append("!CCE");
        }
        try {
            for (Integer x : heapified) {
                heapified.add(x);
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }
}
