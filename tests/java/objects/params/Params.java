import java.util.List;
import java.util.Map;

/** Drivers whose parameters are boxed values, collections and arrays of symbolic length. */
public class Params {
    /** null, or an Integer above 10 or not: 3 paths. */
    public static int boxed(Integer a) {
        if (a == null) {
            return -1;
        }
        return a > 10 ? 1 : 0;
    }

    /** null (a NullPointerException), or 0, 1 or 2 elements each positive or not: 1 + 1 + 2 + 4 = 8. */
    public static int sum(List<Integer> xs) {
        int s = 0;
        for (Integer x : xs) {
            if (x > 0) {
                s += x;
            }
        }
        return s * 10 + xs.size();
    }

    /** null, or 0, 1 or 2 entries; two keys of one character are equal or not: 1 + 1 + 1 + 2 = 5. */
    public static int size(Map<String, Integer> m) {
        return m == null ? -1 : m.size();
    }

    /** Lengths 0..4, each element positive or not: 1 + 2 + 4 + 8 + 16 = 31. */
    public static int ints(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                s += a[i];
            }
        }
        return s * 10 + a.length;
    }

    /**
     * Lengths 0..2; an element is null, a fresh Item (w positive or not) or the earlier Item:
     * 1 + (1 + 2) + (3 + 2 * 4) = 15.
     */
    public static int items(Item[] xs) {
        int k = 0;
        for (Item x : xs) {
            if (x != null) {
                k = k * 10 + (x.w > 0 ? 2 : 1);
            } else {
                k = k * 10 + 9;
            }
        }
        return k;
    }

    /**
     * Lengths 0..1; the element is null, a fresh Object, Bag, Item or Params, or the array
     * itself (an Object too): 1 + 6 = 7.
     */
    public static int kinds(Object[] os) {
        int k = 0;
        for (Object o : os) {
            if (o == null) {
                k += 1;
            } else if (o instanceof Item) {
                k += 10;
            } else if (o == os) {
                k += 1000;
            } else {
                k += 100;
            }
        }
        return k;
    }

    /**
     * A null bag (NullPointerException), a null list, or 0, 1 or 2 names each starting with 'x'
     * or not: 1 + 1 + 1 + 2 + 4 = 9.
     */
    public static int bag(Bag b) {
        if (b.names == null) {
            return -1;
        }
        int n = 0;
        for (String s : b.names) {
            if (s.charAt(0) == 'x') {
                n++;
            }
        }
        return n * 10 + b.names.size();
    }
}
