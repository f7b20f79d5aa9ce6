package java.lang;

/**
 * jsymex model of java.lang.Comparable: objects with a natural ordering.
 */
public interface Comparable<T> {
    int compareTo(T o);
}
