package java.util;

/**
 * jsymex model of java.util.Locale: a language, a country and a variant (no scripts, no
 * extensions). The default locale is en_US for every category. Language codes are lower-cased
 * and country codes upper-cased (ASCII only); the old codes iw, ji and in become he, yi and id,
 * as in Java 17. toString, toLanguageTag, equals and hashCode print and hash as Java does.
 * Display names, ISO-3 codes and the list of available locales are not modelled.
 *
 * For java.util.Formatter the model knows the decimal and grouping separators of a few common
 * languages (see {@link #decimalSeparator} and {@link #groupingSeparator}); every other locale
 * formats like en_US.
 */
public final class Locale implements Cloneable, java.io.Serializable {

    public static final Locale ENGLISH = new Locale("en", "");
    public static final Locale FRENCH = new Locale("fr", "");
    public static final Locale GERMAN = new Locale("de", "");
    public static final Locale ITALIAN = new Locale("it", "");
    public static final Locale JAPANESE = new Locale("ja", "");
    public static final Locale KOREAN = new Locale("ko", "");
    public static final Locale CHINESE = new Locale("zh", "");
    public static final Locale SIMPLIFIED_CHINESE = new Locale("zh", "CN");
    public static final Locale TRADITIONAL_CHINESE = new Locale("zh", "TW");
    public static final Locale FRANCE = new Locale("fr", "FR");
    public static final Locale GERMANY = new Locale("de", "DE");
    public static final Locale ITALY = new Locale("it", "IT");
    public static final Locale JAPAN = new Locale("ja", "JP");
    public static final Locale KOREA = new Locale("ko", "KR");
    public static final Locale UK = new Locale("en", "GB");
    public static final Locale US = new Locale("en", "US");
    public static final Locale CANADA = new Locale("en", "CA");
    public static final Locale CANADA_FRENCH = new Locale("fr", "CA");
    public static final Locale ROOT = new Locale("", "");
    public static final Locale CHINA = SIMPLIFIED_CHINESE;
    public static final Locale PRC = SIMPLIFIED_CHINESE;
    public static final Locale TAIWAN = TRADITIONAL_CHINESE;

    public static final char PRIVATE_USE_EXTENSION = 'x';
    public static final char UNICODE_LOCALE_EXTENSION = 'u';

    /** The categories of the default locale (both are en_US here unless set). */
    public enum Category {
        DISPLAY,
        FORMAT
    }

    private static Locale defaultLocale = US;
    private static Locale defaultDisplay = US;
    private static Locale defaultFormat = US;

    private final String language;
    private final String country;
    private final String variant;

    public Locale(String language, String country, String variant) {
        if (language == null || country == null || variant == null) {
            throw new NullPointerException();
        }
        this.language = convertOldCode(lowerAscii(language));
        this.country = upperAscii(country);
        this.variant = variant;
    }

    public Locale(String language, String country) {
        this(language, country, "");
    }

    public Locale(String language) {
        this(language, "", "");
    }

    public static Locale of(String language) {
        return new Locale(language);
    }

    public static Locale of(String language, String country) {
        return new Locale(language, country);
    }

    public static Locale of(String language, String country, String variant) {
        return new Locale(language, country, variant);
    }

    private static String lowerAscii(String s) {
        char[] r = s.toCharArray();
        for (int i = 0; i < r.length; i++) {
            char c = r[i];
            if (c >= 'A' && c <= 'Z') {
                r[i] = (char) (c + ('a' - 'A'));
            }
        }
        return new String(r);
    }

    private static String upperAscii(String s) {
        char[] r = s.toCharArray();
        for (int i = 0; i < r.length; i++) {
            char c = r[i];
            if (c >= 'a' && c <= 'z') {
                r[i] = (char) (c - ('a' - 'A'));
            }
        }
        return new String(r);
    }

    private static String convertOldCode(String lang) {
        if (lang.equals("iw")) {
            return "he";
        } else if (lang.equals("ji")) {
            return "yi";
        } else if (lang.equals("in")) {
            return "id";
        }
        return lang;
    }

    // ---- defaults ----

    public static Locale getDefault() {
        return defaultLocale;
    }

    public static Locale getDefault(Category category) {
        Objects.requireNonNull(category);
        return category == Category.DISPLAY ? defaultDisplay : defaultFormat;
    }

    public static synchronized void setDefault(Locale newLocale) {
        Objects.requireNonNull(newLocale, "Can't set default locale to NULL");
        defaultLocale = newLocale;
        defaultDisplay = newLocale;
        defaultFormat = newLocale;
    }

    public static synchronized void setDefault(Category category, Locale newLocale) {
        Objects.requireNonNull(category, "Category cannot be NULL");
        Objects.requireNonNull(newLocale, "Can't set default locale to NULL");
        if (category == Category.DISPLAY) {
            defaultDisplay = newLocale;
        } else {
            defaultFormat = newLocale;
        }
    }

    // ---- accessors ----

    public String getLanguage() {
        return language;
    }

    public String getCountry() {
        return country;
    }

    public String getVariant() {
        return variant;
    }

    public String getScript() {
        return "";
    }

    public boolean hasExtensions() {
        return false;
    }

    public Locale stripExtensions() {
        return this;
    }

    public String getExtension(char key) {
        return null;
    }

    public Set<Character> getExtensionKeys() {
        return Collections.emptySet();
    }

    /** language + "_" + country + "_" + variant, leaving out what is empty as Java does. */
    public String toString() {
        boolean l = !language.isEmpty();
        boolean c = !country.isEmpty();
        boolean v = !variant.isEmpty();
        if (!l && !c) {
            return "";
        }
        StringBuilder sb = new StringBuilder(language);
        if (c || v) {
            sb.append('_').append(country);
        }
        if (v) {
            sb.append('_').append(variant);
        }
        return sb.toString();
    }

    /** The BCP 47 tag: "und" for no language; a variant that is no BCP 47 subtag goes to x-lvariant. */
    public String toLanguageTag() {
        StringBuilder sb = new StringBuilder(language.isEmpty() ? "und" : language);
        if (!country.isEmpty()) {
            sb.append('-').append(country);
        }
        if (!variant.isEmpty()) {
            if (isVariantSubtag(variant)) {
                sb.append('-').append(variant);
            } else {
                sb.append("-x-lvariant-").append(variant.replace('_', '-'));
            }
        }
        return sb.toString();
    }

    private static boolean isVariantSubtag(String v) {
        int n = v.length();
        for (int i = 0; i < n; i++) {
            if (!isAsciiAlnum(v.charAt(i))) {
                return false;
            }
        }
        return (n >= 5 && n <= 8) || (n == 4 && v.charAt(0) >= '0' && v.charAt(0) <= '9');
    }

    private static boolean isAsciiAlnum(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Language, optional script (ignored) and region of a simple BCP 47 tag; "und" is the root. */
    public static Locale forLanguageTag(String languageTag) {
        String[] parts = languageTag.replace('_', '-').split("-");
        String lang = "";
        String region = "";
        String var = "";
        int i = 0;
        if (i < parts.length && isAlpha(parts[i], 2, 8)) {
            lang = parts[i].equalsIgnoreCase("und") ? "" : parts[i];
            i++;
        } else {
            return ROOT;
        }
        if (i < parts.length && isAlpha(parts[i], 4, 4)) {
            i++;
        }
        if (i < parts.length && (isAlpha(parts[i], 2, 2) || isDigits(parts[i], 3))) {
            region = parts[i];
            i++;
        }
        if (i < parts.length && isVariantSubtag(parts[i])) {
            var = parts[i];
        }
        return new Locale(lang, region, var);
    }

    private static boolean isAlpha(String s, int min, int max) {
        int n = s.length();
        if (n < min || n > max) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigits(String s, int n) {
        if (s.length() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    public Object clone() {
        return this;
    }

    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof Locale)) {
            return false;
        }
        Locale o = (Locale) obj;
        return language.equals(o.language) && country.equals(o.country) && variant.equals(o.variant);
    }

    /** Java's hash: the language, script, region and variant strings combined with 31. */
    public int hashCode() {
        int h = language.hashCode();
        h = 31 * h;
        h = 31 * h + country.hashCode();
        h = 31 * h + variant.hashCode();
        return h;
    }

    // ---- number symbols for java.util.Formatter ----

    /** The decimal separator Java 17 (CLDR data) uses for this locale. */
    char decimalSeparator() {
        switch (numberStyle()) {
            case 1:
            case 2:
            case 3:
                return ',';
            default:
                return '.';
        }
    }

    /** The grouping separator Java 17 (CLDR data) uses for this locale. */
    char groupingSeparator() {
        switch (numberStyle()) {
            case 1:
                return '.';
            case 2:
                return '\u00A0';
            case 3:
                return '\u202F';
            case 4:
                return '\u2019';
            default:
                return ',';
        }
    }

    /**
     * 0: "1,234.5" (English and the default); 1: "1.234,5"; 2: "1\u00A0234,5";
     * 3: "1\u202F234,5" (French); 4: "1\u2019234.5" (Swiss German).
     */
    private int numberStyle() {
        String l = language;
        String c = country;
        if (l.equals("de")) {
            return c.equals("CH") || c.equals("LI") ? 4 : c.equals("AT") ? 2 : 1;
        }
        if (l.equals("fr")) {
            return c.equals("CA") ? 2 : 3;
        }
        if (l.equals("it")) {
            return c.equals("CH") ? 4 : 1;
        }
        if (l.equals("es")) {
            return c.isEmpty() || c.equals("ES") ? 1 : 0;
        }
        if (l.equals("pt")) {
            return c.equals("PT") ? 2 : 1;
        }
        if (l.equals("nl") || l.equals("tr") || l.equals("id") || l.equals("da") || l.equals("el")
                || l.equals("sr") || l.equals("ro") || l.equals("hr") || l.equals("sl") || l.equals("ca")
                || l.equals("eu") || l.equals("gl") || l.equals("vi")) {
            return 1;
        }
        if (l.equals("ru") || l.equals("sv") || l.equals("pl") || l.equals("cs") || l.equals("fi")
                || l.equals("uk") || l.equals("nb") || l.equals("no") || l.equals("sk") || l.equals("hu")
                || l.equals("bg") || l.equals("lt") || l.equals("lv") || l.equals("et")) {
            return 2;
        }
        return 0;
    }
}
