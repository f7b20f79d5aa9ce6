package java.lang;

/**
 * jsymex model of java.lang.StringBuffer: the same code as StringBuilder (a
 * growable char[] {@code value} of which the first {@code count} chars are in
 * use); synchronization is not modelled.
 */
public final class StringBuffer implements java.io.Serializable, Comparable<StringBuffer>, CharSequence, Appendable {

    char[] value;
    int count;

    public StringBuffer() {
        value = new char[16];
    }

    public StringBuffer(int capacity) {
        value = new char[capacity];
    }

    public StringBuffer(String str) {
        int n = str.length();
        value = new char[n < Integer.MAX_VALUE - 16 ? n + 16 : Integer.MAX_VALUE];
        append(str);
    }

    public StringBuffer(CharSequence seq) {
        int n = seq.length();
        value = new char[n < Integer.MAX_VALUE - 16 ? n + 16 : Integer.MAX_VALUE];
        append(seq);
    }

    // ---- capacity ----

    public int length() {
        return count;
    }

    public int capacity() {
        return value.length;
    }

    public void ensureCapacity(int minimumCapacity) {
        if (minimumCapacity > 0) {
            grow(minimumCapacity);
        }
    }

    /** Makes room for minCapacity chars: new capacity max(minCapacity, 2 * old + 2). */
    private void grow(int minCapacity) {
        int old = value.length;
        if (minCapacity - old <= 0) {
            return;
        }
        if (minCapacity < 0) {
            throw new OutOfMemoryError("Required length exceeds implementation limit");
        }
        int cap = old * 2 + 2;
        if (cap - minCapacity < 0 || cap < 0) {
            cap = minCapacity;
        }
        char[] v = new char[cap];
        System.arraycopy(value, 0, v, 0, count);
        value = v;
    }

    public void trimToSize() {
        if (count < value.length) {
            char[] v = new char[count];
            System.arraycopy(value, 0, v, 0, count);
            value = v;
        }
    }

    public void setLength(int newLength) {
        if (newLength < 0) {
            throw new StringIndexOutOfBoundsException(newLength);
        }
        grow(newLength);
        char[] v = value;
        for (int i = count; i < newLength; i++) {
            v[i] = '\0';
        }
        count = newLength;
    }

    // ---- bounds checks with Java 17's messages ----

    private static void checkIndex(int index, int length) {
        if (index < 0 || index >= length) {
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + length);
        }
    }

    private static void checkOffset(int offset, int length) {
        if (offset < 0 || offset > length) {
            throw new StringIndexOutOfBoundsException("offset " + offset + ", length " + length);
        }
    }

    /** Range check that throws StringIndexOutOfBoundsException. */
    private static void checkRangeString(int start, int end, int length) {
        if (start < 0 || start > end || end > length) {
            throw new StringIndexOutOfBoundsException(
                    "start " + start + ", end " + end + ", length " + length);
        }
    }

    /** Range check that throws IndexOutOfBoundsException. */
    private static void checkRange(int start, int end, int length) {
        if (start < 0 || start > end || end > length) {
            throw new IndexOutOfBoundsException("start " + start + ", end " + end + ", length " + length);
        }
    }

    // ---- char access ----

    public char charAt(int index) {
        checkIndex(index, count);
        return value[index];
    }

    public void setCharAt(int index, char ch) {
        checkIndex(index, count);
        value[index] = ch;
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkRangeString(srcBegin, srcEnd, count);
        int n = srcEnd - srcBegin;
        checkRange(dstBegin, dstBegin + n, dst.length);
        System.arraycopy(value, srcBegin, dst, dstBegin, n);
    }

    // ---- append ----

    private StringBuffer appendChars(char[] src, int offset, int len) {
        int c = count;
        grow(c + len);
        System.arraycopy(src, offset, value, c, len);
        count = c + len;
        return this;
    }

    public StringBuffer append(Object obj) {
        return append(String.valueOf(obj));
    }

    public StringBuffer append(String str) {
        if (str == null) {
            str = "null";
        }
        char[] s = str.backingArray();
        return appendChars(s, 0, s.length);
    }

    public StringBuffer append(StringBuffer sb) {
        if (sb == null) {
            return append("null");
        }
        return appendChars(sb.value, 0, sb.count);
    }

    public StringBuffer append(CharSequence s) {
        if (s == null) {
            return append("null");
        }
        if (s instanceof String) {
            return append((String) s);
        }
        if (s instanceof StringBuilder) {
            StringBuilder b = (StringBuilder) s;
            return appendChars(b.value, 0, b.count);
        }
        if (s instanceof StringBuffer) {
            return append((StringBuffer) s);
        }
        return append(s, 0, s.length());
    }

    public StringBuffer append(CharSequence s, int start, int end) {
        if (s == null) {
            s = "null";
        }
        checkRange(start, end, s.length());
        int c = count;
        grow(c + end - start);
        char[] v = value;
        for (int i = start; i < end; i++) {
            v[c++] = s.charAt(i);
        }
        count = c;
        return this;
    }

    public StringBuffer append(char[] str) {
        return appendChars(str, 0, str.length);
    }

    public StringBuffer append(char[] str, int offset, int len) {
        checkRange(offset, offset + len, str.length);
        return appendChars(str, offset, len);
    }

    public StringBuffer append(boolean b) {
        return append(b ? "true" : "false");
    }

    public StringBuffer append(char c) {
        int n = count;
        grow(n + 1);
        value[n] = c;
        count = n + 1;
        return this;
    }

    public StringBuffer append(int i) {
        return append(Integer.toString(i));
    }

    public StringBuffer append(long lng) {
        return append(Long.toString(lng));
    }

    public StringBuffer append(float f) {
        return append(Float.toString(f));
    }

    public StringBuffer append(double d) {
        return append(Double.toString(d));
    }

    public StringBuffer appendCodePoint(int codePoint) {
        if (Character.isBmpCodePoint(codePoint)) {
            return append((char) codePoint);
        }
        return append(Character.toChars(codePoint));
    }

    // ---- removal and replacement ----

    public StringBuffer delete(int start, int end) {
        int c = count;
        if (end > c) {
            end = c;
        }
        checkRangeString(start, end, c);
        int len = end - start;
        if (len > 0) {
            System.arraycopy(value, end, value, start, c - end);
            count = c - len;
        }
        return this;
    }

    public StringBuffer deleteCharAt(int index) {
        checkIndex(index, count);
        System.arraycopy(value, index + 1, value, index, count - index - 1);
        count--;
        return this;
    }

    public StringBuffer replace(int start, int end, String str) {
        int c = count;
        if (end > c) {
            end = c;
        }
        checkRangeString(start, end, c);
        char[] s = str.backingArray();
        int len = s.length;
        int newCount = c + len - (end - start);
        grow(newCount);
        System.arraycopy(value, end, value, start + len, c - end);
        System.arraycopy(s, 0, value, start, len);
        count = newCount;
        return this;
    }

    // ---- insert ----

    private StringBuffer insertChars(int offset, char[] src, int srcOffset, int len) {
        checkOffset(offset, count);
        int c = count;
        grow(c + len);
        System.arraycopy(value, offset, value, offset + len, c - offset);
        System.arraycopy(src, srcOffset, value, offset, len);
        count = c + len;
        return this;
    }

    public StringBuffer insert(int offset, String str) {
        if (str == null) {
            str = "null";
        }
        char[] s = str.backingArray();
        return insertChars(offset, s, 0, s.length);
    }

    public StringBuffer insert(int offset, char c) {
        checkOffset(offset, count);
        int n = count;
        grow(n + 1);
        System.arraycopy(value, offset, value, offset + 1, n - offset);
        value[offset] = c;
        count = n + 1;
        return this;
    }

    public StringBuffer insert(int offset, char[] str) {
        return insertChars(offset, str, 0, str.length);
    }

    public StringBuffer insert(int index, char[] str, int offset, int len) {
        checkOffset(index, count);
        checkRangeString(offset, offset + len, str.length);
        return insertChars(index, str, offset, len);
    }

    public StringBuffer insert(int offset, Object obj) {
        return insert(offset, String.valueOf(obj));
    }

    public StringBuffer insert(int offset, boolean b) {
        return insert(offset, String.valueOf(b));
    }

    public StringBuffer insert(int offset, int i) {
        return insert(offset, String.valueOf(i));
    }

    public StringBuffer insert(int offset, long l) {
        return insert(offset, String.valueOf(l));
    }

    public StringBuffer insert(int offset, float f) {
        return insert(offset, String.valueOf(f));
    }

    public StringBuffer insert(int offset, double d) {
        return insert(offset, String.valueOf(d));
    }

    public StringBuffer insert(int dstOffset, CharSequence s) {
        if (s == null) {
            s = "null";
        }
        if (s instanceof String) {
            return insert(dstOffset, (String) s);
        }
        return insert(dstOffset, s, 0, s.length());
    }

    public StringBuffer insert(int dstOffset, CharSequence s, int start, int end) {
        if (s == null) {
            s = "null";
        }
        checkOffset(dstOffset, count);
        checkRange(start, end, s.length());
        int len = end - start;
        char[] tmp = new char[len];
        for (int i = 0; i < len; i++) {
            tmp[i] = s.charAt(start + i);
        }
        return insertChars(dstOffset, tmp, 0, len);
    }

    // ---- searching ----

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        char[] t = str.backingArray();
        return String.indexOf(value, count, t, t.length, fromIndex);
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, count);
    }

    public int lastIndexOf(String str, int fromIndex) {
        char[] t = str.backingArray();
        return String.lastIndexOf(value, count, t, t.length, fromIndex);
    }

    // ---- whole-content operations ----

    /** Reverses the chars, keeping surrogate pairs in their original order. */
    public StringBuffer reverse() {
        char[] v = value;
        int n = count;
        int surrogates = 0;
        for (int i = 0, j = n - 1; i <= j; i++, j--) {
            char a = v[i];
            char b = v[j];
            // becomes negative once a surrogate is seen, without branching on the chars
            surrogates |= (((a & 0xF800) ^ 0xD800) - 1) | (((b & 0xF800) ^ 0xD800) - 1);
            v[i] = b;
            v[j] = a;
        }
        if (surrogates < 0) {
            for (int i = 0; i < n - 1; i++) {
                char lo = v[i];
                char hi = v[i + 1];
                if (Character.isLowSurrogate(lo) && Character.isHighSurrogate(hi)) {
                    v[i] = hi;
                    v[i + 1] = lo;
                    i++;
                }
            }
        }
        return this;
    }

    public String substring(int start) {
        return substring(start, count);
    }

    public String substring(int start, int end) {
        checkRangeString(start, end, count);
        return new String(value, start, end - start);
    }

    public CharSequence subSequence(int start, int end) {
        return substring(start, end);
    }

    public int compareTo(StringBuffer another) {
        char[] a = value;
        char[] b = another.value;
        int n1 = count;
        int n2 = another.count;
        int lim = n1 < n2 ? n1 : n2;
        for (int i = 0; i < lim; i++) {
            char c1 = a[i];
            char c2 = b[i];
            if (c1 != c2) {
                return c1 - c2;
            }
        }
        return n1 - n2;
    }

    public String toString() {
        return new String(value, 0, count);
    }
}
