import java.util.*;

/*
 * ListModels -- differential tests for the java.util list models: ArrayList,
 * LinkedList, Vector, Stack, Arrays.asList, List.of, subList views, list
 * iterators, fail-fast iteration and Collections' list algorithms. Every
 * method returns a transcript; exceptions are recorded as "!Class:message".
 */
public class ListModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    public static String arrayListBasics() {
        StringBuilder sb = new StringBuilder();
        ArrayList<String> l = new ArrayList<>();
        sb.append(l.isEmpty()).append(l.size()).append(l).append(';');
        l.add("a");
        l.add("b");
        l.add("c");
        l.add(1, "x");
        sb.append(l).append(l.size()).append(';');
        sb.append(l.get(0)).append(l.get(3)).append(';');
        sb.append(l.set(2, "y")).append(l).append(';');
        sb.append(l.remove(0)).append(l).append(';');
        sb.append(l.remove("y")).append(l.remove("zz")).append(l).append(';');
        sb.append(l.contains("c")).append(l.contains(null)).append(l.indexOf("c")).append(l.indexOf("q")).append(';');
        l.add(null);
        l.add("x");
        sb.append(l).append(l.indexOf(null)).append(l.lastIndexOf("x")).append(l.contains(null)).append(';');
        try {
            l.get(10);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            l.get(-1);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            l.add(9, "z");
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            l.set(4, "z");
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            l.remove(7);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            new ArrayList<String>(-1);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        sb.append(';').append(l.hashCode()).append(l.equals(Arrays.asList("x", "c", null, "x")));
        l.clear();
        sb.append(l).append(l.size()).append(l.hashCode());
        return sb.toString();
    }

    public static String arrayListBulk() {
        StringBuilder sb = new StringBuilder();
        ArrayList<Integer> l = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            l.add(i % 7);
        }
        sb.append(l).append(';');
        ArrayList<Integer> copy = new ArrayList<>(l);
        sb.append(copy.equals(l)).append(copy == l).append(';');
        sb.append(l.removeAll(Arrays.asList(0, 1))).append(l).append(';');
        sb.append(l.retainAll(Arrays.asList(2, 3, 4))).append(l).append(';');
        sb.append(l.retainAll(Arrays.asList(2, 3, 4))).append(';');
        sb.append(l.addAll(Arrays.asList(9, 8))).append(l.addAll(new ArrayList<Integer>())).append(';');
        sb.append(l.addAll(2, Arrays.asList(-1, -2))).append(l).append(';');
        sb.append(l.containsAll(Arrays.asList(9, -1))).append(l.containsAll(Arrays.asList(9, 77))).append(';');
        Object[] arr = l.toArray();
        sb.append(arr.length).append(Arrays.toString(arr)).append(';');
        Integer[] big = new Integer[20];
        Arrays.fill(big, 5);
        Integer[] res = l.toArray(big);
        sb.append(res == big).append(res[l.size()]).append(res[l.size() + 1]).append(';');
        Integer[] small = l.toArray(new Integer[0]);
        sb.append(small.length).append(small.getClass().getName()).append(';');
        l.ensureCapacity(100);
        l.trimToSize();
        @SuppressWarnings("unchecked")
        ArrayList<Integer> cl = (ArrayList<Integer>) l.clone();
        cl.add(100);
        sb.append(l.size()).append(cl.size()).append(';');
        Collections.sort(l);
        sb.append(l).append(';');
        l.sort(Collections.reverseOrder());
        sb.append(l).append(';');
        List<Integer> sub = l.subList(2, 6);
        sb.append(sub).append(sub.size()).append(sub.get(1)).append(';');
        sub.set(0, 42);
        sub.add(7);
        sub.remove(Integer.valueOf(42));
        sb.append(sub).append(l).append(';');
        sub.clear();
        sb.append(sub.isEmpty()).append(l).append(';');
        try {
            l.subList(3, 2);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            l.subList(-1, 2);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            l.subList(0, 99);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        List<Integer> sub2 = l.subList(0, 2);
        l.add(1);
        try {
            sub2.size();
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String iterators() {
        StringBuilder sb = new StringBuilder();
        List<String> l = new ArrayList<>(Arrays.asList("a", "b", "c", "d"));
        Iterator<String> it = l.iterator();
        try {
            it.remove();
        } catch (IllegalStateException e) {
            sb.append(ex(e));
        }
        while (it.hasNext()) {
            String s = it.next();
            if (s.equals("b")) {
                it.remove();
            }
        }
        sb.append(l).append(';');
        try {
            it.next();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            for (String s : l) {
                if (s.equals("a")) {
                    l.add("z");
                }
            }
        } catch (ConcurrentModificationException e) {
            sb.append(ex(e));
        }
        // removing the second-to-last element does not throw (hasNext is false)
        List<String> l2 = new ArrayList<>(Arrays.asList("p", "q", "r"));
        for (String s : l2) {
            if (s.equals("q")) {
                l2.remove(s);
            }
        }
        sb.append(l2).append(';');
        ListIterator<String> li = l.listIterator();
        sb.append(li.hasPrevious()).append(li.nextIndex()).append(li.previousIndex());
        sb.append(li.next()).append(li.next());
        li.set("S");
        li.add("ADD");
        sb.append(li.nextIndex()).append(li.previous()).append(li.previous());
        li.remove();
        try {
            li.set("bad");
        } catch (IllegalStateException e) {
            sb.append(ex(e));
        }
        sb.append(l).append(';');
        ListIterator<String> back = l.listIterator(l.size());
        while (back.hasPrevious()) {
            sb.append(back.previous()).append(back.nextIndex());
        }
        try {
            back.previous();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            l.listIterator(9);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String linkedList() {
        StringBuilder sb = new StringBuilder();
        LinkedList<String> l = new LinkedList<>();
        try {
            l.getFirst();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            l.removeLast();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            l.element();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        sb.append(l.poll()).append(l.peek()).append(l.pollLast()).append(';');
        l.add("b");
        l.addFirst("a");
        l.addLast("c");
        l.push("z");
        l.offer("d");
        l.offerFirst("y");
        sb.append(l).append(l.size()).append(';');
        sb.append(l.getFirst()).append(l.getLast()).append(l.peekFirst()).append(l.peekLast()).append(';');
        sb.append(l.pop()).append(l.poll()).append(l.pollLast()).append(l.removeFirst()).append(l).append(';');
        l.add(1, "m");
        l.add(3, "n");
        sb.append(l).append(l.get(2)).append(l.set(0, "A")).append(l.remove(1)).append(l).append(';');
        try {
            l.get(4);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            l.add(6, "q");
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        l.add("A");
        sb.append(l.indexOf("A")).append(l.lastIndexOf("A")).append(l.removeLastOccurrence("A")).append(l).append(';');
        Iterator<String> d = l.descendingIterator();
        while (d.hasNext()) {
            sb.append(d.next());
        }
        ListIterator<String> li = l.listIterator(1);
        sb.append(li.next());
        li.add("ins");
        li.previous();
        li.remove();
        sb.append(l).append(';');
        LinkedList<String> copy = new LinkedList<>(l);
        sb.append(copy.equals(l)).append(copy.hashCode() == l.hashCode()).append(l.contains("n"));
        Collections.reverse(copy);
        sb.append(copy).append(Arrays.toString(copy.toArray(new String[0])));
        return sb.toString();
    }

    public static String vectorAndStack() {
        StringBuilder sb = new StringBuilder();
        Vector<String> v = new Vector<>();
        sb.append(v.capacity()).append(v.isEmpty()).append(';');
        for (int i = 0; i < 11; i++) {
            v.addElement("e" + i);
        }
        sb.append(v.capacity()).append(v.size()).append(v.firstElement()).append(v.lastElement()).append(';');
        v.insertElementAt("ins", 2);
        v.removeElementAt(0);
        sb.append(v.removeElement("e5")).append(v.removeElement("nope")).append(v.elementAt(1)).append(';');
        v.setElementAt("set", 0);
        sb.append(v.indexOf("e7")).append(v.indexOf("e7", 8)).append(v.lastIndexOf("set")).append(v.contains("e9")).append(';');
        Enumeration<String> en = v.elements();
        while (en.hasMoreElements()) {
            sb.append(en.nextElement()).append(',');
        }
        try {
            en.nextElement();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            v.elementAt(20);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            v.insertElementAt("x", 50);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            v.removeElementAt(-1);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            v.get(30);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            v.lastIndexOf("x", 40);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        Vector<Integer> v2 = new Vector<>(3, 2);
        for (int i = 0; i < 6; i++) {
            v2.add(i);
        }
        sb.append(';').append(v2.capacity()).append(v2);
        v2.setSize(8);
        sb.append(v2).append(v2.size());
        v2.setSize(2);
        sb.append(v2);
        Integer[] into = new Integer[2];
        v2.copyInto(into);
        sb.append(into[1]);
        v2.removeAllElements();
        sb.append(v2.isEmpty()).append(';');
        Stack<String> s = new Stack<>();
        sb.append(s.empty());
        try {
            s.pop();
        } catch (EmptyStackException e) {
            sb.append(ex(e));
        }
        try {
            s.peek();
        } catch (EmptyStackException e) {
            sb.append(ex(e));
        }
        sb.append(s.push("a")).append(s.push("b")).append(s.push("c"));
        sb.append(s.peek()).append(s.search("a")).append(s.search("c")).append(s.search("q"));
        sb.append(s.pop()).append(s).append(s.size()).append(s.elementAt(0)).append(s.empty());
        s.clear();
        sb.append(s.empty()).append(s);
        return sb.toString();
    }

    public static String asListAndListOf() {
        StringBuilder sb = new StringBuilder();
        String[] arr = {"c", "a", "b"};
        List<String> l = Arrays.asList(arr);
        sb.append(l).append(l.size()).append(l.get(1)).append(';');
        l.set(0, "z");
        sb.append(arr[0]).append(l.indexOf("b")).append(l.contains("q")).append(';');
        try {
            l.add("d");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        try {
            l.remove(0);
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        try {
            l.get(3);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        Collections.sort(l);
        sb.append(Arrays.toString(arr)).append(';');
        List<Integer> of = List.of(3, 1, 2);
        sb.append(of).append(of.get(2)).append(of.contains(1)).append(of.indexOf(2)).append(';');
        try {
            of.add(4);
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        try {
            of.get(3);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e).substring(0, 10));
        }
        List<String> two = List.of("x", "y");
        try {
            two.get(2);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            List.of("a", null);
        } catch (NullPointerException e) {
            sb.append(ex(e));
        }
        sb.append(List.of().isEmpty()).append(List.of("q").equals(Collections.singletonList("q")));
        sb.append(List.copyOf(new ArrayList<>(two)));
        return sb.toString();
    }

    public static String collectionsAlgorithms() {
        StringBuilder sb = new StringBuilder();
        List<Integer> l = new ArrayList<>();
        sb.append(Collections.addAll(l, 5, 3, 9, 1, 7, 3)).append(l).append(';');
        sb.append(Collections.max(l)).append(Collections.min(l)).append(Collections.frequency(l, 3)).append(';');
        sb.append(Collections.max(l, Collections.reverseOrder())).append(';');
        Collections.sort(l);
        sb.append(l).append(Collections.binarySearch(l, 7)).append(Collections.binarySearch(l, 4)).append(';');
        Collections.reverse(l);
        sb.append(l).append(';');
        Collections.swap(l, 0, 5);
        sb.append(l).append(';');
        Collections.rotate(l, 2);
        sb.append(l).append(';');
        Collections.rotate(l, -1);
        sb.append(l).append(';');
        Collections.shuffle(l, new Random(42));
        sb.append(l).append(';');
        List<Integer> dest = new ArrayList<>(Collections.nCopies(8, 0));
        Collections.copy(dest, l);
        sb.append(dest).append(';');
        try {
            Collections.copy(new ArrayList<Integer>(), l);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        Collections.fill(dest, 4);
        sb.append(dest).append(Collections.replaceAll(dest, 4, 6)).append(dest.get(0)).append(';');
        sb.append(Collections.indexOfSubList(Arrays.asList(1, 2, 3, 2, 3), Arrays.asList(2, 3)));
        sb.append(Collections.lastIndexOfSubList(Arrays.asList(1, 2, 3, 2, 3), Arrays.asList(2, 3)));
        sb.append(Collections.disjoint(l, Arrays.asList(100, 200))).append(Collections.disjoint(l, Arrays.asList(9)));
        List<String> nc = Collections.nCopies(3, "ab");
        sb.append(nc).append(nc.hashCode()).append(nc.size());
        try {
            Collections.nCopies(-1, "x");
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            Collections.max(new ArrayList<Integer>());
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        Vector<String> v = new Vector<>(Arrays.asList("e1", "e2"));
        ArrayList<String> fromEnum = Collections.list(v.elements());
        sb.append(fromEnum);
        Enumeration<String> en = Collections.enumeration(fromEnum);
        while (en.hasMoreElements()) {
            sb.append(en.nextElement());
        }
        return sb.toString();
    }

    public static String unmodifiableAndEmpty() {
        StringBuilder sb = new StringBuilder();
        List<String> base = new ArrayList<>(Arrays.asList("a", "b"));
        List<String> u = Collections.unmodifiableList(base);
        sb.append(u).append(u.size()).append(u.get(0)).append(u.equals(base)).append(u.hashCode() == base.hashCode());
        try {
            u.add("c");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        try {
            u.iterator().remove();
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        try {
            u.listIterator().set("q");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        base.add("c");
        sb.append(u).append(';');
        Collection<String> uc = Collections.unmodifiableCollection(base);
        sb.append(uc).append(uc.contains("c"));
        try {
            uc.clear();
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        List<String> empty = Collections.emptyList();
        sb.append(empty).append(empty.size()).append(empty.isEmpty()).append(empty.hashCode()).append(empty.contains("a"));
        try {
            empty.get(0);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            empty.add("x");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        try {
            empty.iterator().next();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        List<String> single = Collections.singletonList("only");
        sb.append(single).append(single.get(0)).append(single.contains("only"));
        try {
            single.get(1);
        } catch (IndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            single.set(0, "x");
        } catch (UnsupportedOperationException e) {
            sb.append(ex(e));
        }
        sb.append(Collections.EMPTY_LIST.equals(new ArrayList<Object>()));
        List<String> sync = Collections.synchronizedList(new ArrayList<String>());
        sync.add("s");
        sb.append(sync).append(sync.get(0));
        return sb.toString();
    }

    public static String comparators() {
        StringBuilder sb = new StringBuilder();
        List<String> l = new ArrayList<>(Arrays.asList("pear", "Fig", "apple", "kiwi", "Banana", "fig"));
        Collections.sort(l);
        sb.append(l).append(';');
        Collections.sort(l, new Comparator<String>() {
            public int compare(String a, String b) {
                return a.compareToIgnoreCase(b);
            }
        });
        sb.append(l).append(';');
        Comparator<String> byLen = new Comparator<String>() {
            public int compare(String a, String b) {
                return Integer.compare(a.length(), b.length());
            }
        };
        l.sort(byLen);
        sb.append(l).append(';');
        l.sort(byLen.reversed());
        sb.append(l).append(';');
        l.sort(byLen.thenComparing(Comparator.<String>naturalOrder()));
        sb.append(l).append(';');
        l.sort(Comparator.<String>reverseOrder());
        sb.append(l).append(';');
        List<String> withNull = new ArrayList<>(Arrays.asList("b", null, "a"));
        withNull.sort(Comparator.nullsFirst(Comparator.<String>naturalOrder()));
        sb.append(withNull);
        withNull.sort(Comparator.nullsLast(Comparator.<String>naturalOrder()));
        sb.append(withNull).append(';');
        String[] arr = {"d", "b", "c", "a"};
        Arrays.sort(arr, Collections.reverseOrder());
        sb.append(Arrays.toString(arr));
        Arrays.sort(arr);
        sb.append(Arrays.binarySearch(arr, "c")).append(Arrays.binarySearch(arr, "bb"));
        sb.append(Arrays.toString(Arrays.copyOf(arr, 6))).append(Arrays.toString(Arrays.copyOfRange(arr, 1, 3)));
        sb.append(Arrays.deepToString(new Object[] {arr, new int[] {1, 2}, null}));
        return sb.toString();
    }
}
