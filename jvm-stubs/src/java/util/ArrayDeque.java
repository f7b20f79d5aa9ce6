package java.util;

/**
 * jsymex model of java.util.ArrayDeque: a growable circular array, null
 * elements rejected with NullPointerException, iteration from head to tail.
 * Iterators do not detect concurrent modification.
 */
public class ArrayDeque<E> extends AbstractCollection<E> implements Deque<E>, Cloneable, java.io.Serializable {

    transient Object[] elements;
    transient int head;
    transient int size;

    public ArrayDeque() {
        elements = new Object[16];
    }

    public ArrayDeque(int numElements) {
        elements = new Object[Math.max(1, numElements)];
    }

    public ArrayDeque(Collection<? extends E> c) {
        this(c.size());
        for (E e : c) {
            addLast(e);
        }
    }

    private void grow() {
        Object[] bigger = new Object[elements.length * 2 + 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = elements[(head + i) % elements.length];
        }
        elements = bigger;
        head = 0;
    }

    private int index(int i) {
        return (head + i) % elements.length;
    }

    @SuppressWarnings("unchecked")
    private E at(int i) {
        return (E) elements[index(i)];
    }

    public void addFirst(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        if (size == elements.length) {
            grow();
        }
        head = (head - 1 + elements.length) % elements.length;
        elements[head] = e;
        size++;
    }

    public void addLast(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        if (size == elements.length) {
            grow();
        }
        elements[index(size)] = e;
        size++;
    }

    public boolean addAll(Collection<? extends E> c) {
        boolean changed = false;
        for (E e : c) {
            addLast(e);
            changed = true;
        }
        return changed;
    }

    public boolean offerFirst(E e) {
        addFirst(e);
        return true;
    }

    public boolean offerLast(E e) {
        addLast(e);
        return true;
    }

    public E removeFirst() {
        E e = pollFirst();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E removeLast() {
        E e = pollLast();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E pollFirst() {
        if (size == 0) {
            return null;
        }
        E e = at(0);
        elements[head] = null;
        head = (head + 1) % elements.length;
        size--;
        return e;
    }

    public E pollLast() {
        if (size == 0) {
            return null;
        }
        int i = index(size - 1);
        @SuppressWarnings("unchecked")
        E e = (E) elements[i];
        elements[i] = null;
        size--;
        return e;
    }

    public E getFirst() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
        return at(0);
    }

    public E getLast() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
        return at(size - 1);
    }

    public E peekFirst() {
        return size == 0 ? null : at(0);
    }

    public E peekLast() {
        return size == 0 ? null : at(size - 1);
    }

    private void removeAtLogical(int i) {
        for (int k = i; k < size - 1; k++) {
            elements[index(k)] = elements[index(k + 1)];
        }
        elements[index(size - 1)] = null;
        size--;
    }

    public boolean removeFirstOccurrence(Object o) {
        if (o != null) {
            for (int i = 0; i < size; i++) {
                if (o.equals(at(i))) {
                    removeAtLogical(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean removeLastOccurrence(Object o) {
        if (o != null) {
            for (int i = size - 1; i >= 0; i--) {
                if (o.equals(at(i))) {
                    removeAtLogical(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean add(E e) {
        addLast(e);
        return true;
    }

    public boolean offer(E e) {
        return offerLast(e);
    }

    public E remove() {
        return removeFirst();
    }

    public E poll() {
        return pollFirst();
    }

    public E element() {
        return getFirst();
    }

    public E peek() {
        return peekFirst();
    }

    public void push(E e) {
        addFirst(e);
    }

    public E pop() {
        return removeFirst();
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public Iterator<E> iterator() {
        return new DeqIterator(false);
    }

    public Iterator<E> descendingIterator() {
        return new DeqIterator(true);
    }

    private class DeqIterator implements Iterator<E> {
        final boolean desc;
        int cursor;
        int remaining;
        int lastRet = -1;

        DeqIterator(boolean desc) {
            this.desc = desc;
            this.remaining = size;
            this.cursor = desc ? size - 1 : 0;
        }

        public boolean hasNext() {
            return remaining > 0;
        }

        public E next() {
            if (remaining <= 0) {
                throw new NoSuchElementException();
            }
            E e = at(cursor);
            lastRet = cursor;
            cursor = desc ? cursor - 1 : cursor + 1;
            remaining--;
            return e;
        }

        public void remove() {
            if (lastRet < 0) {
                throw new IllegalStateException();
            }
            removeAtLogical(lastRet);
            if (!desc) {
                cursor--;
            }
            lastRet = -1;
        }
    }

    public boolean contains(Object o) {
        if (o != null) {
            for (int i = 0; i < size; i++) {
                if (o.equals(at(i))) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean remove(Object o) {
        return removeFirstOccurrence(o);
    }

    public void clear() {
        for (int i = 0; i < elements.length; i++) {
            elements[i] = null;
        }
        head = 0;
        size = 0;
    }

    public Object[] toArray() {
        Object[] r = new Object[size];
        for (int i = 0; i < size; i++) {
            r[i] = at(i);
        }
        return r;
    }

    public <T> T[] toArray(T[] a) {
        return Arrays.fillArray(toArray(), a);
    }

    @SuppressWarnings("unchecked")
    public ArrayDeque<E> clone() {
        try {
            ArrayDeque<E> result = (ArrayDeque<E>) super.clone();
            result.elements = elements.clone();
            return result;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError();
        }
    }
}
