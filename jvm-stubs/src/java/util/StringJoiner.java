package java.util;

/** jsymex model of java.util.StringJoiner. */
public final class StringJoiner {

    private final String prefix;
    private final String delimiter;
    private final String suffix;
    /** The joined elements without prefix and suffix; null until the first add. */
    private StringBuilder value;
    private String emptyValue;

    public StringJoiner(CharSequence delimiter) {
        this(delimiter, "", "");
    }

    public StringJoiner(CharSequence delimiter, CharSequence prefix, CharSequence suffix) {
        Objects.requireNonNull(prefix, "The prefix must not be null");
        Objects.requireNonNull(delimiter, "The delimiter must not be null");
        Objects.requireNonNull(suffix, "The suffix must not be null");
        this.prefix = prefix.toString();
        this.delimiter = delimiter.toString();
        this.suffix = suffix.toString();
    }

    public StringJoiner setEmptyValue(CharSequence emptyValue) {
        this.emptyValue = Objects.requireNonNull(emptyValue, "The empty value must not be null").toString();
        return this;
    }

    public String toString() {
        if (value == null) {
            return emptyValue != null ? emptyValue : prefix + suffix;
        }
        if (suffix.isEmpty() && prefix.isEmpty()) {
            return value.toString();
        }
        return prefix + value + suffix;
    }

    public StringJoiner add(CharSequence newElement) {
        String s = String.valueOf(newElement);
        if (value == null) {
            value = new StringBuilder();
        } else {
            value.append(delimiter);
        }
        value.append(s);
        return this;
    }

    /** Adds the other joiner's elements (without its prefix and suffix) as one element. */
    public StringJoiner merge(StringJoiner other) {
        Objects.requireNonNull(other);
        if (other.value == null) {
            return this;
        }
        String content = other.value.toString();
        if (value == null) {
            value = new StringBuilder();
        } else {
            value.append(delimiter);
        }
        value.append(content);
        return this;
    }

    public int length() {
        if (value == null) {
            return emptyValue != null ? emptyValue.length() : prefix.length() + suffix.length();
        }
        return prefix.length() + value.length() + suffix.length();
    }
}
