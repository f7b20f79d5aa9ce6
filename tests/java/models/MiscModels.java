import java.net.MalformedURLException;
import java.net.URL;
import java.util.*;

/*
 * MiscModels -- differential tests for StringTokenizer, java.net.URL,
 * java.util.Random, Objects and the Iterator/Enumeration defaults.
 */
public class MiscModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    public static String stringTokenizer() {
        StringBuilder sb = new StringBuilder();
        StringTokenizer st = new StringTokenizer("  the quick\tbrown\n fox  ");
        sb.append(st.countTokens()).append(':');
        while (st.hasMoreTokens()) {
            sb.append('[').append(st.nextToken()).append(']');
        }
        sb.append(st.countTokens());
        try {
            st.nextToken();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        sb.append(';');
        StringTokenizer d = new StringTokenizer("a,b;;c,", ",;");
        sb.append(d.countTokens()).append(':');
        while (d.hasMoreElements()) {
            sb.append('[').append(d.nextElement()).append(']');
        }
        sb.append(';');
        StringTokenizer r = new StringTokenizer("x=1;y==2;", "=;", true);
        sb.append(r.countTokens()).append(':');
        while (r.hasMoreTokens()) {
            sb.append('[').append(r.nextToken()).append(']');
        }
        sb.append(';');
        StringTokenizer sw = new StringTokenizer("key=value pair,next", "=");
        sb.append(sw.nextToken()).append('|').append(sw.nextToken(" ")).append('|').append(sw.nextToken(",")).append('|');
        sb.append(sw.nextToken()).append(sw.hasMoreTokens()).append(';');
        StringTokenizer empty = new StringTokenizer("", ",");
        sb.append(empty.hasMoreTokens()).append(empty.countTokens());
        StringTokenizer onlyDelims = new StringTokenizer(",,,", ",");
        sb.append(onlyDelims.hasMoreTokens()).append(new StringTokenizer(",,", ",", true).countTokens());
        try {
            new StringTokenizer(null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        return sb.toString();
    }

    static String urlInfo(URL u) {
        return u + "|" + u.getProtocol() + "|" + u.getHost() + "|" + u.getPort() + "|" + u.getFile() + "|" + u.getPath()
                + "|" + u.getQuery() + "|" + u.getRef() + "|" + u.getAuthority() + "|" + u.getUserInfo() + "|"
                + u.getDefaultPort();
    }

    public static String urls() {
        StringBuilder sb = new StringBuilder();
        String[] specs = {"http://example.com/a/b.html?x=1&y=2#frag", "HTTP://user:pw@Host.org:8080/", "file:/tmp/x.xml",
            "file:///etc/passwd", "https://example.com", "ftp://ftp.x.org/pub/", "jar:file:/lib/a.jar!/META-INF/x",
            "  http://trim.me/p  ", "url:http://pre.fix/q", "mailto:someone@example.com", "http://h/p?q", "file:rel/path"};
        for (String s : specs) {
            try {
                sb.append(urlInfo(new URL(s))).append(';');
            } catch (MalformedURLException e) {
                sb.append(ex(e)).append(';');
            }
        }
        String[] bad = {"no-protocol", "zzz://x", "", "/abs/path", "http://h:notaport/"};
        for (String s : bad) {
            try {
                sb.append(new URL(s));
            } catch (MalformedURLException e) {
                sb.append(e.getClass().getName()).append(e.getMessage() != null && e.getMessage().startsWith("no protocol"));
            }
            sb.append(';');
        }
        try {
            URL base = new URL("http://example.com/dir/sub/page.html?q=1#top");
            String[] rels = {"other.html", "../up.html", "./same.html", "/root.html", "//otherhost/x", "#newref", "?newq",
                "", "sub2/../../z", "https://abs.com/", "http:rel.html", "a/./b/../c"};
            for (String r : rels) {
                sb.append(new URL(base, r)).append(';');
            }
            URL fileBase = new URL("file:/home/user/doc.xml");
            sb.append(new URL(fileBase, "dtd/x.dtd")).append(';').append(new URL(fileBase, "file:other.dtd")).append(';');
            sb.append(new URL("http", "host.com", 81, "/p?x#r")).append('|').append(new URL("http", "h", "/f").getPort());
            sb.append('|').append(new URL("file", null, -1, "/abs")).append(';');
            try {
                new URL("nope", "h", 1, "/");
            } catch (MalformedURLException e) {
                sb.append(ex(e));
            }
            try {
                new URL("http", "h", -5, "/");
            } catch (MalformedURLException e) {
                sb.append(ex(e));
            }
            sb.append(base.equals(new URL("http://example.com/dir/sub/page.html?q=1#top")));
            sb.append(base.sameFile(new URL("http://example.com/dir/sub/page.html?q=1#other")));
            try {
                new URL("file:/definitely/missing.xml").openStream();
            } catch (java.io.IOException e) {
                sb.append(ex(e));
            }
        } catch (MalformedURLException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String random() {
        StringBuilder sb = new StringBuilder();
        Random r = new Random(12345L);
        sb.append(r.nextInt()).append(',').append(r.nextInt(10)).append(',').append(r.nextInt(1 << 20)).append(',');
        sb.append(r.nextLong()).append(',').append(r.nextBoolean()).append(',').append(r.nextDouble()).append(',');
        sb.append(r.nextFloat()).append(',').append(r.nextGaussian()).append(',').append(r.nextGaussian()).append(',');
        sb.append(r.nextInt(5, 9)).append(',').append(r.nextInt(-1000000000, 2000000000)).append(',');
        byte[] b = new byte[5];
        r.nextBytes(b);
        sb.append(Arrays.toString(b));
        r.setSeed(7);
        sb.append(r.nextInt(100)).append(',').append(r.nextInt(100));
        try {
            r.nextInt(0);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        return sb.toString();
    }

    public static String objectsAndDefaults() {
        StringBuilder sb = new StringBuilder();
        sb.append(Objects.equals(null, null)).append(Objects.equals("a", "a")).append(Objects.hash("a", 1, null));
        sb.append(Objects.hashCode(null)).append(Objects.toString(null, "dflt")).append(Objects.requireNonNullElse(null, "e"));
        try {
            Objects.requireNonNull(null, "msg");
        } catch (NullPointerException e) {
            sb.append(ex(e));
        }
        List<Integer> l = new ArrayList<>(Arrays.asList(1, 2, 3, 4, 5, 6));
        l.removeIf(new java.util.function.Predicate<Integer>() {
            public boolean test(Integer x) {
                return x % 3 == 0;
            }
        });
        sb.append(l);
        final StringBuilder acc = new StringBuilder();
        l.iterator().forEachRemaining(new java.util.function.Consumer<Integer>() {
            public void accept(Integer x) {
                acc.append(x * 2);
            }
        });
        sb.append(acc);
        l.replaceAll(new java.util.function.UnaryOperator<Integer>() {
            public Integer apply(Integer x) {
                return -x;
            }
        });
        sb.append(l);
        Vector<String> v = new Vector<>(Arrays.asList("p", "q"));
        Iterator<String> asIt = v.elements().asIterator();
        while (asIt.hasNext()) {
            sb.append(asIt.next());
        }
        Map<String, Integer> tm = new TreeMap<>();
        tm.put("a", 1);
        tm.put("b", 2);
        final StringBuilder fe = new StringBuilder();
        tm.forEach(new java.util.function.BiConsumer<String, Integer>() {
            public void accept(String k, Integer val) {
                fe.append(k).append(val);
            }
        });
        sb.append(fe);
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(tm.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        sb.append(entries);
        return sb.toString();
    }
}
