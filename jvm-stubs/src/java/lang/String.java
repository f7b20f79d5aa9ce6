package java.lang;

/**
 * jsymex model of java.lang.String: an immutable sequence of UTF-16 chars.
 *
 * VM contract: {@code value} must stay the first declared instance field; the VM
 * creates string literals by allocating a String and storing a fresh char[] there.
 * Hash codes are recomputed on each call (no cache field), so a symbolic string
 * never causes a branch on a cached hash. Regular expressions go to the
 * java.util.regex model (matches, replaceAll, replaceFirst, split); split keeps a fast
 * path for literal separators, which gives the same parts as Java. Byte conversions
 * (getBytes, String(byte[], ...)) support the charsets of StringCoding, UTF-8 by default;
 * toLowerCase(Locale)/toUpperCase(Locale) ignore the locale (no Turkish/Lithuanian rules).
 */
public final class String implements java.io.Serializable, Comparable<String>, CharSequence {

    private final char[] value;

    /** Orders as compareToIgnoreCase. */
    public static final java.util.Comparator<String> CASE_INSENSITIVE_ORDER = new CaseInsensitiveComparator();

    private static final class CaseInsensitiveComparator implements java.util.Comparator<String>, java.io.Serializable {
        public int compare(String s1, String s2) {
            return s1.compareToIgnoreCase(s2);
        }
    }

    public String() {
        this.value = new char[0];
    }

    public String(String original) {
        this.value = original.value;
    }

    public String(char[] value) {
        this(value, 0, value.length);
    }

    public String(char[] value, int offset, int count) {
        checkOffsetCount(offset, count, value.length);
        char[] v = new char[count];
        System.arraycopy(value, offset, v, 0, count);
        this.value = v;
    }

    public String(StringBuilder builder) {
        this(builder.value, 0, builder.count);
    }

    public String(StringBuffer buffer) {
        this(buffer.value, 0, buffer.count);
    }

    public String(int[] codePoints, int offset, int count) {
        this(fromCodePoints(codePoints, offset, count), true);
    }

    private static char[] fromCodePoints(int[] codePoints, int offset, int count) {
        checkOffsetCount(offset, count, codePoints.length);
        StringBuilder sb = new StringBuilder(count);
        for (int i = offset; i < offset + count; i++) {
            sb.appendCodePoint(codePoints[i]);
        }
        char[] r = new char[sb.length()];
        sb.getChars(0, r.length, r, 0);
        return r;
    }

    // ---- bytes (StringCoding: UTF-8, ISO-8859-1, US-ASCII and the UTF-16 flavours) ----

    /** Decodes with the default charset, UTF-8. */
    public String(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    public String(byte[] bytes, int offset, int length) {
        this(decode(StringCoding.UTF_8, bytes, offset, length), true);
    }

    public String(byte[] bytes, java.nio.charset.Charset charset) {
        this(bytes, 0, bytes.length, charset);
    }

    public String(byte[] bytes, int offset, int length, java.nio.charset.Charset charset) {
        this(decode(StringCoding.id(java.util.Objects.requireNonNull(charset)), bytes, offset, length), true);
    }

    public String(byte[] bytes, String charsetName) throws java.io.UnsupportedEncodingException {
        this(bytes, 0, bytes.length, charsetName);
    }

    public String(byte[] bytes, int offset, int length, String charsetName)
            throws java.io.UnsupportedEncodingException {
        this(decode(StringCoding.id(charsetName), bytes, offset, length), true);
    }

    private static char[] decode(int cs, byte[] bytes, int offset, int length) {
        checkOffsetCount(offset, length, bytes.length);
        return StringCoding.decode(cs, bytes, offset, length);
    }

    /** Encodes with the default charset, UTF-8. */
    public byte[] getBytes() {
        return StringCoding.encode(StringCoding.UTF_8, value);
    }

    public byte[] getBytes(java.nio.charset.Charset charset) {
        if (charset == null) {
            throw new NullPointerException();
        }
        return StringCoding.encode(StringCoding.id(charset), value);
    }

    public byte[] getBytes(String charsetName) throws java.io.UnsupportedEncodingException {
        return StringCoding.encode(StringCoding.id(charsetName), value);
    }

    /** The deprecated form: the low eight bits of each char. */
    @Deprecated
    public void getBytes(int srcBegin, int srcEnd, byte[] dst, int dstBegin) {
        checkBeginEnd(srcBegin, srcEnd, value.length);
        checkOffsetCount(dstBegin, srcEnd - srcBegin, dst.length);
        for (int i = srcBegin; i < srcEnd; i++) {
            dst[dstBegin++] = (byte) value[i];
        }
    }

    /** Takes ownership of {@code v} without copying (internal use only). */
    String(char[] v, boolean share) {
        this.value = v;
    }

    /** The backing array; callers in java.lang must not modify it. */
    char[] backingArray() {
        return value;
    }

    // ---- bounds checks with Java 17's messages ----

    static void checkOffsetCount(int offset, int count, int length) {
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new StringIndexOutOfBoundsException(
                    "offset " + offset + ", count " + count + ", length " + length);
        }
    }

    static void checkBeginEnd(int begin, int end, int length) {
        if (begin < 0 || begin > end || end > length) {
            throw new StringIndexOutOfBoundsException(
                    "begin " + begin + ", end " + end + ", length " + length);
        }
    }

    // ---- basic accessors ----

    public int length() {
        return value.length;
    }

    public boolean isEmpty() {
        return value.length == 0;
    }

    public char charAt(int index) {
        if (index < 0 || index >= value.length) {
            throw charIndexError(index);
        }
        return value[index];
    }

    /**
     * Java 17's charAt error: its message depends on whether the string is stored
     * as Latin-1 (all chars <= U+00FF) or as UTF-16.
     */
    private StringIndexOutOfBoundsException charIndexError(int index) {
        char[] v = value;
        for (int i = 0; i < v.length; i++) {
            if (v[i] > 0xFF) {
                return new StringIndexOutOfBoundsException("index " + index + ", length " + v.length);
            }
        }
        return new StringIndexOutOfBoundsException(index);
    }

    public char[] toCharArray() {
        int n = value.length;
        char[] r = new char[n];
        System.arraycopy(value, 0, r, 0, n);
        return r;
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkBeginEnd(srcBegin, srcEnd, value.length);
        checkOffsetCount(dstBegin, srcEnd - srcBegin, dst.length);
        System.arraycopy(value, srcBegin, dst, dstBegin, srcEnd - srcBegin);
    }

    public String toString() {
        return this;
    }

    public native String intern();

    // ---- comparison ----

    public boolean equals(Object anObject) {
        if (this == anObject) {
            return true;
        }
        if (!(anObject instanceof String)) {
            return false;
        }
        char[] a = value;
        char[] b = ((String) anObject).value;
        int n = a.length;
        if (n != b.length) {
            return false;
        }
        // accumulate the differences: one branch in all, not one per char
        int diff = 0;
        for (int i = 0; i < n; i++) {
            diff |= a[i] ^ b[i];
        }
        return diff == 0;
    }

    public boolean contentEquals(StringBuffer sb) {
        return contentEquals((CharSequence) sb);
    }

    public boolean contentEquals(CharSequence cs) {
        int n = cs.length();
        if (cs instanceof String) {
            return equals(cs);
        }
        char[] a = value;
        if (n != a.length) {
            return false;
        }
        int diff = 0;
        for (int i = 0; i < n; i++) {
            diff |= a[i] ^ cs.charAt(i);
        }
        return diff == 0;
    }

    public boolean equalsIgnoreCase(String anotherString) {
        if (this == anotherString) {
            return true;
        }
        return anotherString != null && anotherString.value.length == value.length
                && regionMatches(true, 0, anotherString, 0, value.length);
    }

    public int compareTo(String anotherString) {
        char[] a = value;
        char[] b = anotherString.value;
        int lim = a.length < b.length ? a.length : b.length;
        for (int i = 0; i < lim; i++) {
            char c1 = a[i];
            char c2 = b[i];
            if (c1 != c2) {
                return c1 - c2;
            }
        }
        return a.length - b.length;
    }

    public int compareToIgnoreCase(String str) {
        char[] a = value;
        char[] b = str.value;
        int lim = a.length < b.length ? a.length : b.length;
        for (int i = 0; i < lim; i++) {
            // equal chars map equally, so comparing the folded chars is enough
            char c1 = Character.toLowerCase(Character.toUpperCase(a[i]));
            char c2 = Character.toLowerCase(Character.toUpperCase(b[i]));
            if (c1 != c2) {
                return c1 - c2;
            }
        }
        return a.length - b.length;
    }

    public boolean regionMatches(int toffset, String other, int ooffset, int len) {
        return regionMatches(false, toffset, other, ooffset, len);
    }

    public boolean regionMatches(boolean ignoreCase, int toffset, String other, int ooffset, int len) {
        char[] a = value;
        char[] b = other.value;
        if (ooffset < 0 || toffset < 0 || toffset > (long) a.length - len
                || ooffset > (long) b.length - len) {
            return false;
        }
        // accumulate mismatches without branching on the chars
        int diff = 0;
        if (!ignoreCase) {
            for (int i = 0; i < len; i++) {
                diff |= a[toffset + i] ^ b[ooffset + i];
            }
            return diff == 0;
        }
        for (int i = 0; i < len; i++) {
            char c1 = a[toffset + i];
            char c2 = b[ooffset + i];
            char u1 = Character.toUpperCase(c1);
            char u2 = Character.toUpperCase(c2);
            int same = c1 ^ c2;
            int sameUpper = u1 ^ u2;
            int sameLower = Character.toLowerCase(u1) ^ Character.toLowerCase(u2);
            // a mismatch when all three differ: (x | -x) >>> 31 is 1 exactly when x != 0
            diff |= ((same | -same) >>> 31) & ((sameUpper | -sameUpper) >>> 31) & ((sameLower | -sameLower) >>> 31);
        }
        return diff == 0;
    }

    public boolean startsWith(String prefix, int toffset) {
        char[] a = value;
        char[] p = prefix.value;
        int n = p.length;
        if (toffset < 0 || toffset > a.length - n) {
            return false;
        }
        int diff = 0;
        for (int i = 0; i < n; i++) {
            diff |= a[toffset + i] ^ p[i];
        }
        return diff == 0;
    }

    public boolean startsWith(String prefix) {
        return startsWith(prefix, 0);
    }

    public boolean endsWith(String suffix) {
        return startsWith(suffix, value.length - suffix.value.length);
    }

    /** Java's hash: s[0]*31^(n-1) + ... + s[n-1]; recomputed on every call. */
    public int hashCode() {
        char[] v = value;
        int h = 0;
        for (int i = 0; i < v.length; i++) {
            h = 31 * h + v[i];
        }
        return h;
    }

    // ---- searching ----

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    public int indexOf(int ch, int fromIndex) {
        char[] v = value;
        int n = v.length;
        int i = fromIndex < 0 ? 0 : fromIndex;
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            for (; i < n; i++) {
                if (v[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > Character.MAX_CODE_POINT) {
            return -1;
        }
        char hi = Character.highSurrogate(ch);
        char lo = Character.lowSurrogate(ch);
        for (; i < n - 1; i++) {
            if (v[i] == hi && v[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(int ch) {
        return lastIndexOf(ch, value.length - 1);
    }

    public int lastIndexOf(int ch, int fromIndex) {
        char[] v = value;
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            int i = fromIndex >= v.length ? v.length - 1 : fromIndex;
            for (; i >= 0; i--) {
                if (v[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > Character.MAX_CODE_POINT) {
            return -1;
        }
        char hi = Character.highSurrogate(ch);
        char lo = Character.lowSurrogate(ch);
        int i = fromIndex >= v.length - 1 ? v.length - 2 : fromIndex;
        for (; i >= 0; i--) {
            if (v[i] == hi && v[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int indexOf(String str) {
        return indexOf(value, value.length, str.value, str.value.length, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return indexOf(value, value.length, str.value, str.value.length, fromIndex);
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(value, value.length, str.value, str.value.length, value.length);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return lastIndexOf(value, value.length, str.value, str.value.length, fromIndex);
    }

    /** First occurrence of tgt[0..tgtCount) in src[0..srcCount) at or after fromIndex. */
    static int indexOf(char[] src, int srcCount, char[] tgt, int tgtCount, int fromIndex) {
        if (fromIndex >= srcCount) {
            return tgtCount == 0 ? srcCount : -1;
        }
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if (tgtCount == 0) {
            return fromIndex;
        }
        int last = srcCount - tgtCount;
        for (int i = fromIndex; i <= last; i++) {
            // one branch per candidate position, not one per char
            int diff = 0;
            for (int j = 0; j < tgtCount; j++) {
                diff |= src[i + j] ^ tgt[j];
            }
            if (diff == 0) {
                return i;
            }
        }
        return -1;
    }

    /** Last occurrence of tgt[0..tgtCount) in src[0..srcCount) starting at or before fromIndex. */
    static int lastIndexOf(char[] src, int srcCount, char[] tgt, int tgtCount, int fromIndex) {
        int rightmost = srcCount - tgtCount;
        if (fromIndex > rightmost) {
            fromIndex = rightmost;
        }
        if (fromIndex < 0) {
            return -1;
        }
        if (tgtCount == 0) {
            return fromIndex;
        }
        for (int i = fromIndex; i >= 0; i--) {
            int diff = 0;
            for (int j = 0; j < tgtCount; j++) {
                diff |= src[i + j] ^ tgt[j];
            }
            if (diff == 0) {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(CharSequence s) {
        return indexOf(s.toString()) >= 0;
    }

    // ---- derived strings ----

    public String substring(int beginIndex) {
        return substring(beginIndex, value.length);
    }

    public String substring(int beginIndex, int endIndex) {
        int n = value.length;
        checkBeginEnd(beginIndex, endIndex, n);
        if (beginIndex == 0 && endIndex == n) {
            return this;
        }
        return new String(value, beginIndex, endIndex - beginIndex);
    }

    public CharSequence subSequence(int beginIndex, int endIndex) {
        return substring(beginIndex, endIndex);
    }

    public String concat(String str) {
        int n2 = str.value.length;
        if (n2 == 0) {
            return this;
        }
        int n1 = value.length;
        char[] r = new char[n1 + n2];
        System.arraycopy(value, 0, r, 0, n1);
        System.arraycopy(str.value, 0, r, n1, n2);
        return new String(r, true);
    }

    public String replace(char oldChar, char newChar) {
        if (oldChar == newChar) {
            return this;
        }
        char[] v = value;
        int n = v.length;
        char[] r = new char[n];
        int found = 0;
        int delta = newChar - oldChar;
        for (int i = 0; i < n; i++) {
            char c = v[i];
            int x = c ^ oldChar;
            // all one bits exactly when c == oldChar
            int hit = ((x | -x) >> 31) ^ -1;
            r[i] = (char) (c + (hit & delta));
            found |= hit;
        }
        // as in Java, the same string comes back when oldChar does not occur
        return found == 0 ? this : new String(r, true);
    }

    public String replace(CharSequence target, CharSequence replacement) {
        String tgt = target.toString();
        String rep = replacement.toString();
        char[] v = value;
        int n = v.length;
        int tn = tgt.value.length;
        if (tn == 0) {
            // the replacement goes before every char and at the end
            StringBuilder sb = new StringBuilder(n + (n + 1) * rep.length());
            for (int i = 0; i < n; i++) {
                sb.append(rep);
                sb.append(v[i]);
            }
            sb.append(rep);
            return sb.toString();
        }
        int j = indexOf(v, n, tgt.value, tn, 0);
        if (j < 0) {
            return this;
        }
        StringBuilder sb = new StringBuilder(n);
        int from = 0;
        while (j >= 0) {
            sb.append(v, from, j - from);
            sb.append(rep);
            from = j + tn;
            j = indexOf(v, n, tgt.value, tn, from);
        }
        sb.append(v, from, n - from);
        return sb.toString();
    }

    /** Removes all chars <= ' ' at both ends (Java's trim). */
    public String trim() {
        char[] v = value;
        int end = v.length;
        int begin = 0;
        while (begin < end && v[begin] <= ' ') {
            begin++;
        }
        while (end > begin && v[end - 1] <= ' ') {
            end--;
        }
        return substring(begin, end);
    }

    public String strip() {
        char[] v = value;
        int end = v.length;
        int begin = 0;
        while (begin < end && Character.isWhitespace(v[begin])) {
            begin++;
        }
        while (end > begin && Character.isWhitespace(v[end - 1])) {
            end--;
        }
        return substring(begin, end);
    }

    public String stripLeading() {
        char[] v = value;
        int begin = 0;
        while (begin < v.length && Character.isWhitespace(v[begin])) {
            begin++;
        }
        return substring(begin, v.length);
    }

    public String stripTrailing() {
        char[] v = value;
        int end = v.length;
        while (end > 0 && Character.isWhitespace(v[end - 1])) {
            end--;
        }
        return substring(0, end);
    }

    public boolean isBlank() {
        char[] v = value;
        for (int i = 0; i < v.length; i++) {
            if (!Character.isWhitespace(v[i])) {
                return false;
            }
        }
        return true;
    }

    /** Lower-cases char by char with Character.toLowerCase. */
    public String toLowerCase() {
        char[] v = value;
        int n = v.length;
        char[] r = new char[n];
        for (int i = 0; i < n; i++) {
            r[i] = Character.toLowerCase(v[i]);
        }
        return new String(r, true);
    }

    /** Upper-cases char by char with Character.toUpperCase; U+00DF (sharp s) becomes "SS". */
    public String toUpperCase() {
        char[] v = value;
        int n = v.length;
        int sharpS = 0;
        for (int i = 0; i < n; i++) {
            // adds 1 exactly when the char is U+00DF, without a branch
            sharpS += ((v[i] ^ 0xDF) - 1) >>> 31;
        }
        if (sharpS == 0) {
            // the usual case: one branch, and the length stays n
            char[] r = new char[n];
            for (int i = 0; i < n; i++) {
                r[i] = Character.toUpperCase(v[i]);
            }
            return new String(r, true);
        }
        // count again with branches, so that the new length is a plain number
        int extra = 0;
        for (int i = 0; i < n; i++) {
            if (v[i] == '\u00DF') {
                extra++;
            }
        }
        char[] r = new char[n + extra];
        int k = 0;
        for (int i = 0; i < n; i++) {
            char c = v[i];
            if (c == '\u00DF') {
                r[k++] = 'S';
                r[k++] = 'S';
            } else {
                r[k++] = Character.toUpperCase(c);
            }
        }
        return new String(r, true);
    }

    /**
     * Same as toLowerCase(): the locale-specific rules (Turkish and Azeri dotted/dotless i,
     * Lithuanian dot above) are not modelled.
     */
    public String toLowerCase(java.util.Locale locale) {
        if (locale == null) {
            throw new NullPointerException();
        }
        return toLowerCase();
    }

    /** Same as toUpperCase(): the Turkish/Azeri/Lithuanian rules are not modelled. */
    public String toUpperCase(java.util.Locale locale) {
        if (locale == null) {
            throw new NullPointerException();
        }
        return toUpperCase();
    }

    public String repeat(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count is negative: " + count);
        }
        if (count == 1) {
            return this;
        }
        int n = value.length;
        if (n == 0 || count == 0) {
            return "";
        }
        if ((long) n * count > Integer.MAX_VALUE) {
            throw new OutOfMemoryError("Repeating " + n + " bytes String " + count
                    + " times will produce a String exceeding maximum size.");
        }
        char[] r = new char[n * count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(value, 0, r, i * n, n);
        }
        return new String(r, true);
    }

    public String[] split(String regex) {
        return split(regex, 0);
    }

    /** Whether the whole string matches {@code regex}. */
    public boolean matches(String regex) {
        return java.util.regex.Pattern.matches(regex, this);
    }

    /** Replaces every match of {@code regex} ($n in the replacement names a group). */
    public String replaceAll(String regex, String replacement) {
        return java.util.regex.Pattern.compile(regex).matcher(this).replaceAll(replacement);
    }

    /** Replaces the first match of {@code regex} ($n in the replacement names a group). */
    public String replaceFirst(String regex, String replacement) {
        return java.util.regex.Pattern.compile(regex).matcher(this).replaceFirst(replacement);
    }

    /**
     * Splits around a literal separator: a regex containing none of
     * ".$|()[{^?*+\" and no surrogates, or a backslash followed by one
     * non-alphanumeric, non-surrogate char.
     * Any other regex is handed to java.util.regex.Pattern.
     */
    public String[] split(String regex, int limit) {
        String sep = literalSeparator(regex);
        if (sep == null) {
            return java.util.regex.Pattern.compile(regex).split(this, limit);
        }
        char[] v = value;
        int n = v.length;
        char[] s = sep.value;
        int sn = s.length;
        boolean limited = limit > 0;
        String[] parts = new String[10];
        int count = 0;
        int off = 0;
        int next;
        while ((next = indexOf(v, n, s, sn, off)) != -1) {
            if (count == parts.length) {
                String[] grown = new String[count * 2];
                System.arraycopy(parts, 0, grown, 0, count);
                parts = grown;
            }
            if (!limited || count < limit - 1) {
                parts[count++] = substring(off, next);
                off = next + sn;
            } else {
                parts[count++] = substring(off, n);
                off = n;
                break;
            }
        }
        if (off == 0) {
            return new String[] {this};
        }
        if (!limited || count < limit) {
            if (count == parts.length) {
                String[] grown = new String[count + 1];
                System.arraycopy(parts, 0, grown, 0, count);
                parts = grown;
            }
            parts[count++] = substring(off, n);
        }
        if (limit == 0) {
            while (count > 0 && parts[count - 1].value.length == 0) {
                count--;
            }
        }
        String[] result = new String[count];
        System.arraycopy(parts, 0, result, 0, count);
        return result;
    }

    /** The literal text matched by {@code regex}, or null if it uses regex syntax. */
    private static String literalSeparator(String regex) {
        char[] r = regex.value;
        int n = r.length;
        if (n == 2 && r[0] == '\\') {
            char c = r[1];
            boolean alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            if (!alnum && !Character.isSurrogate(c)) {
                return valueOf(c);
            }
            return null;
        }
        if (n == 0) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            char c = r[i];
            switch (c) {
                case '.': case '$': case '|': case '(': case ')': case '[': case '{':
                case '^': case '?': case '*': case '+': case '\\':
                    return null;
                default:
                    // regexes match whole code points, so surrogates need the real engine
                    if (Character.isSurrogate(c)) {
                        return null;
                    }
                    break;
            }
        }
        return regex;
    }

    public static String join(CharSequence delimiter, CharSequence... elements) {
        String d = delimiter.toString();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < elements.length; i++) {
            if (i > 0) {
                sb.append(d);
            }
            sb.append(elements[i]);
        }
        return sb.toString();
    }

    public static String join(CharSequence delimiter, Iterable<? extends CharSequence> elements) {
        String d = delimiter.toString();
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        java.util.Iterator<? extends CharSequence> it = elements.iterator();
        while (it.hasNext()) {
            if (!first) {
                sb.append(d);
            }
            sb.append(it.next());
            first = false;
        }
        return sb.toString();
    }

    // ---- code points ----

    public int codePointAt(int index) {
        char[] v = value;
        if (index < 0 || index >= v.length) {
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + v.length);
        }
        char c = v[index];
        if (Character.isHighSurrogate(c) && index + 1 < v.length && Character.isLowSurrogate(v[index + 1])) {
            return Character.toCodePoint(c, v[index + 1]);
        }
        return c;
    }

    public int codePointBefore(int index) {
        char[] v = value;
        if (index < 1 || index > v.length) {
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + v.length);
        }
        char c = v[index - 1];
        if (Character.isLowSurrogate(c) && index - 2 >= 0 && Character.isHighSurrogate(v[index - 2])) {
            return Character.toCodePoint(v[index - 2], c);
        }
        return c;
    }

    public int codePointCount(int beginIndex, int endIndex) {
        char[] v = value;
        if (beginIndex < 0 || beginIndex > endIndex || endIndex > v.length) {
            throw new IndexOutOfBoundsException();
        }
        int n = endIndex - beginIndex;
        for (int i = beginIndex; i < endIndex - 1; i++) {
            if (Character.isHighSurrogate(v[i]) && Character.isLowSurrogate(v[i + 1])) {
                n--;
                i++;
            }
        }
        return n;
    }

    // ---- streams ----

    /** The chars as ints (an eager copy: later changes cannot happen, strings are immutable). */
    public java.util.stream.IntStream chars() {
        char[] v = value;
        int[] r = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = v[i];
        }
        return java.util.stream.IntStream.of(r);
    }

    public java.util.stream.IntStream codePoints() {
        char[] v = value;
        int[] r = new int[v.length];
        int k = 0;
        for (int i = 0; i < v.length; i++) {
            char c = v[i];
            if (Character.isHighSurrogate(c) && i + 1 < v.length && Character.isLowSurrogate(v[i + 1])) {
                r[k++] = Character.toCodePoint(c, v[++i]);
            } else {
                r[k++] = c;
            }
        }
        int[] exact = new int[k];
        System.arraycopy(r, 0, exact, 0, k);
        return java.util.stream.IntStream.of(exact);
    }

    /** The lines, split at "\n", "\r" and "\r\n"; no empty last line for a trailing terminator. */
    public java.util.stream.Stream<String> lines() {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        char[] v = value;
        int n = v.length;
        int start = 0;
        for (int i = 0; i < n; i++) {
            char c = v[i];
            if (c == '\n' || c == '\r') {
                out.add(substring(start, i));
                if (c == '\r' && i + 1 < n && v[i + 1] == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < n) {
            out.add(substring(start, n));
        }
        // not sized: Java's count() walks the lines
        return java.util.stream.StreamSupport.jsymexIteratorStream(out.iterator());
    }

    public <R> R transform(java.util.function.Function<? super String, ? extends R> f) {
        return f.apply(this);
    }

    // ---- format (java.util.Formatter) ----

    public static String format(String format, Object... args) {
        return new java.util.Formatter().format(format, args).toString();
    }

    public static String format(java.util.Locale l, String format, Object... args) {
        return new java.util.Formatter(l).format(format, args).toString();
    }

    public String formatted(Object... args) {
        return new java.util.Formatter().format(this, args).toString();
    }

    // ---- valueOf ----

    public static String valueOf(Object obj) {
        return (obj == null) ? "null" : obj.toString();
    }

    public static String valueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data) {
        return new String(data);
    }

    public static String copyValueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String valueOf(boolean b) {
        return b ? "true" : "false";
    }

    public static String valueOf(char c) {
        char[] r = new char[1];
        r[0] = c;
        return new String(r, true);
    }

    public static String valueOf(int i) {
        return Integer.toString(i);
    }

    public static String valueOf(long l) {
        return Long.toString(l);
    }

    public static String valueOf(float f) {
        return Float.toString(f);
    }

    public static String valueOf(double d) {
        return Double.toString(d);
    }
}
