package java.net;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;

/**
 * jsymex model of java.net.URL: parsing of absolute and relative specs as
 * Java's URLStreamHandler does (protocol, authority, user info, host, port,
 * path, query, ref, "./" and "../" removal for relative paths), the known
 * protocols http, https, ftp, file, jar, mailto, jrt and jmod
 * ("unknown protocol: x", "no protocol: spec"), toString/toExternalForm and
 * the getters. There is no network or file system: openStream throws
 * FileNotFoundException for file: URLs and UnknownHostException otherwise.
 * equals/hashCode compare the external form (Java resolves host names).
 * openConnection, getContent, toURI and custom stream handlers are not
 * modelled.
 */
public final class URL implements java.io.Serializable {

    private String protocol;
    private String host;
    private int port = -1;
    private String file;
    private transient String query;
    private String authority;
    private transient String path;
    private transient String userInfo;
    private String ref;

    public URL(String protocol, String host, int port, String file) throws MalformedURLException {
        protocol = lowerCaseProtocol(protocol);
        this.protocol = protocol;
        if (host != null) {
            if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
                host = "[" + host + "]";
            }
            this.host = host;
            if (port < -1) {
                throw new MalformedURLException("Invalid port number :" + port);
            }
            this.port = port;
            authority = (port == -1) ? host : host + ":" + port;
        }
        int index = file.indexOf('#');
        this.ref = index < 0 ? null : file.substring(index + 1);
        file = index < 0 ? file : file.substring(0, index);
        int q = file.lastIndexOf('?');
        if (q != -1) {
            this.query = file.substring(q + 1);
            this.path = file.substring(0, q);
            this.file = path + "?" + query;
        } else {
            this.path = file;
            this.file = path;
        }
        if (!isKnownProtocol(protocol)) {
            throw new MalformedURLException("unknown protocol: " + protocol);
        }
    }

    public URL(String protocol, String host, String file) throws MalformedURLException {
        this(protocol, host, -1, file);
    }

    public URL(String spec) throws MalformedURLException {
        this(null, spec);
    }

    public URL(URL context, String spec) throws MalformedURLException {
        String original = spec;
        int i;
        int limit;
        int c;
        int start = 0;
        String newProtocol = null;
        boolean aRef = false;
        boolean isRelative = false;
        try {
            limit = spec.length();
            while ((limit > 0) && (spec.charAt(limit - 1) <= ' ')) {
                limit--;
            }
            while ((start < limit) && (spec.charAt(start) <= ' ')) {
                start++;
            }
            if (startsWithUrlPrefix(spec, start)) {
                start += 4;
            }
            if (start < spec.length() && spec.charAt(start) == '#') {
                aRef = true;
            }
            for (i = start; !aRef && (i < limit) && ((c = spec.charAt(i)) != '/'); i++) {
                if (c == ':') {
                    String s = lowerCaseProtocol(spec.substring(start, i));
                    if (isValidProtocol(s)) {
                        newProtocol = s;
                        start = i + 1;
                    }
                    break;
                }
            }
            protocol = newProtocol;
            if ((context != null) && ((newProtocol == null) || newProtocol.equalsIgnoreCase(context.protocol))) {
                if (context.path != null && context.path.startsWith("/")) {
                    newProtocol = null;
                }
                if (newProtocol == null) {
                    protocol = context.protocol;
                    authority = context.authority;
                    userInfo = context.userInfo;
                    host = context.host;
                    port = context.port;
                    file = context.file;
                    path = context.path;
                    isRelative = true;
                }
            }
            if (protocol == null) {
                throw new MalformedURLException("no protocol: " + original);
            }
            if (!isKnownProtocol(protocol)) {
                throw new MalformedURLException("unknown protocol: " + protocol);
            }
            i = spec.indexOf('#', start);
            if (i >= 0) {
                ref = spec.substring(i + 1, limit);
                limit = i;
            }
            if (isRelative && start == limit) {
                query = context.query;
                if (ref == null) {
                    ref = context.ref;
                }
            }
            parseURL(spec, start, limit);
        } catch (MalformedURLException e) {
            throw e;
        } catch (Exception e) {
            MalformedURLException exception = new MalformedURLException(e.getMessage());
            exception.initCause(e);
            throw exception;
        }
    }

    /** spec.regionMatches(true, start, "url:", 0, 4), without the case tables. */
    private static boolean startsWithUrlPrefix(String spec, int start) {
        if (start < 0 || start > spec.length() - 4) {
            return false;
        }
        int u = spec.charAt(start) | 0x20;
        int r = spec.charAt(start + 1) | 0x20;
        int l = spec.charAt(start + 2) | 0x20;
        return u == 'u' && r == 'r' && l == 'l' && spec.charAt(start + 3) == ':';
    }

    /** Lower-cases ASCII letters directly and defers to String.toLowerCase otherwise. */
    private static String lowerCaseProtocol(String protocol) {
        int n = protocol.length();
        char[] cs = new char[n];
        for (int i = 0; i < n; i++) {
            char c = protocol.charAt(i);
            if (c >= 0x80) {
                return protocol.toLowerCase();
            }
            cs[i] = (c >= 'A' && c <= 'Z') ? (char) (c + 32) : c;
        }
        return new String(cs);
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isValidProtocol(String protocol) {
        int len = protocol.length();
        if (len < 1) {
            return false;
        }
        char c = protocol.charAt(0);
        if (!(c < 0x80 ? isAsciiLetter(c) : Character.isLetter(c))) {
            return false;
        }
        for (int i = 1; i < len; i++) {
            c = protocol.charAt(i);
            boolean letterOrDigit = c < 0x80 ? (isAsciiLetter(c) || (c >= '0' && c <= '9')) : Character.isLetterOrDigit(c);
            if (!letterOrDigit && c != '.' && c != '+' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean isKnownProtocol(String p) {
        return p.equals("http") || p.equals("https") || p.equals("ftp") || p.equals("file") || p.equals("jar")
                || p.equals("mailto") || p.equals("jrt") || p.equals("jmod");
    }

    /** URLStreamHandler.parseURL: fills in this URL from spec[start, limit). */
    private void parseURL(String spec, int start, int limit) {
        String host = this.host;
        int port = this.port;
        String path = this.path;
        String query = this.query;
        String authority = this.authority;
        String userInfo = this.userInfo;
        boolean isRelPath = false;
        boolean queryOnly = false;

        if (start < limit) {
            int queryStart = spec.indexOf('?');
            queryOnly = queryStart == start;
            if ((queryStart != -1) && (queryStart < limit)) {
                query = spec.substring(queryStart + 1, limit);
                limit = queryStart;
                spec = spec.substring(0, queryStart);
            }
        }

        int i;
        boolean isUNCName = (start <= limit - 4) && (spec.charAt(start) == '/') && (spec.charAt(start + 1) == '/')
                && (spec.charAt(start + 2) == '/') && (spec.charAt(start + 3) == '/');
        if (!isUNCName && (start <= limit - 2) && (spec.charAt(start) == '/') && (spec.charAt(start + 1) == '/')) {
            start += 2;
            i = spec.indexOf('/', start);
            if (i < 0 || i > limit) {
                i = spec.indexOf('?', start);
                if (i < 0 || i > limit) {
                    i = limit;
                }
            }
            host = authority = spec.substring(start, i);
            int ind = authority.indexOf('@');
            if (ind != -1) {
                if (ind != authority.lastIndexOf('@')) {
                    userInfo = null;
                    host = null;
                } else {
                    userInfo = authority.substring(0, ind);
                    host = authority.substring(ind + 1);
                }
            } else {
                userInfo = null;
            }
            if (host != null) {
                if (host.length() > 0 && (host.charAt(0) == '[')) {
                    if ((ind = host.indexOf(']')) > 2) {
                        String nhost = host;
                        host = nhost.substring(0, ind + 1);
                        port = -1;
                        if (nhost.length() > ind + 1) {
                            if (nhost.charAt(ind + 1) == ':') {
                                ++ind;
                                if (nhost.length() > (ind + 1)) {
                                    port = Integer.parseInt(nhost.substring(ind + 1));
                                }
                            } else {
                                throw new IllegalArgumentException("Invalid authority field: " + authority);
                            }
                        }
                    } else {
                        throw new IllegalArgumentException("Invalid authority field: " + authority);
                    }
                } else {
                    ind = host.indexOf(':');
                    port = -1;
                    if (ind >= 0) {
                        if (host.length() > (ind + 1)) {
                            port = Integer.parseInt(host.substring(ind + 1));
                        }
                        host = host.substring(0, ind);
                    }
                }
            } else {
                host = "";
            }
            if (port < -1) {
                throw new IllegalArgumentException("Invalid port number :" + port);
            }
            start = i;
            if (!authority.isEmpty()) {
                path = "";
            }
        }

        if (host == null) {
            host = "";
        }

        if (start < limit) {
            String specStr = spec.substring(start, limit);
            if (spec.charAt(start) == '/') {
                path = specStr;
            } else if (path != null && !path.isEmpty()) {
                isRelPath = true;
                int ind = path.lastIndexOf('/');
                if (ind == -1 && authority != null) {
                    path = "/".concat(specStr);
                } else {
                    path = path.substring(0, ind + 1).concat(specStr);
                }
            } else {
                path = (authority != null) ? "/".concat(specStr) : specStr;
            }
        } else if (queryOnly && path != null) {
            int ind = path.lastIndexOf('/');
            if (ind < 0) {
                path = "/";
            } else {
                path = path.substring(0, ind + 1);
            }
        }
        if (path == null) {
            path = "";
        }

        if (isRelPath) {
            while ((i = path.indexOf("/./")) >= 0) {
                path = path.substring(0, i) + path.substring(i + 2);
            }
            i = 0;
            while ((i = path.indexOf("/../", i)) >= 0) {
                if (i > 0 && (limit = path.lastIndexOf('/', i - 1)) >= 0 && (path.indexOf("/../", limit) != 0)) {
                    path = path.substring(0, limit).concat(path.substring(i + 3));
                    i = 0;
                } else {
                    i = i + 3;
                }
            }
            while (path.endsWith("/..")) {
                i = path.indexOf("/..");
                if ((limit = path.lastIndexOf('/', i - 1)) >= 0) {
                    path = path.substring(0, limit + 1);
                } else {
                    break;
                }
            }
            if (path.startsWith("./") && path.length() > 2) {
                path = path.substring(2);
            }
            if (path.endsWith("/.")) {
                path = path.substring(0, path.length() - 1);
            }
        }

        this.host = host;
        this.port = port;
        this.file = (query == null) ? path : path + "?" + query;
        this.authority = authority;
        this.userInfo = userInfo;
        this.path = path;
        this.query = query;
    }

    public String getQuery() {
        return query;
    }

    public String getPath() {
        return path;
    }

    public String getUserInfo() {
        return userInfo;
    }

    public String getAuthority() {
        return authority;
    }

    public int getPort() {
        return port;
    }

    public int getDefaultPort() {
        if (protocol.equals("http")) {
            return 80;
        } else if (protocol.equals("https")) {
            return 443;
        } else if (protocol.equals("ftp")) {
            return 21;
        }
        return -1;
    }

    public String getProtocol() {
        return protocol;
    }

    public String getHost() {
        return host;
    }

    public String getFile() {
        return file;
    }

    public String getRef() {
        return ref;
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof URL)) {
            return false;
        }
        return toExternalForm().equals(((URL) obj).toExternalForm());
    }

    public int hashCode() {
        return toExternalForm().hashCode();
    }

    public boolean sameFile(URL other) {
        return other != null && protocol.equals(other.protocol) && String.valueOf(file).equals(String.valueOf(other.file))
                && String.valueOf(host).equalsIgnoreCase(String.valueOf(other.host))
                && (port == other.port || (port == -1 ? getDefaultPort() : port)
                        == (other.port == -1 ? other.getDefaultPort() : other.port));
    }

    public String toString() {
        return toExternalForm();
    }

    public String toExternalForm() {
        StringBuilder sb = new StringBuilder();
        sb.append(protocol).append(':');
        if (authority != null && !authority.isEmpty()) {
            sb.append("//").append(authority);
        }
        if (path != null) {
            sb.append(path);
        }
        if (query != null) {
            sb.append('?').append(query);
        }
        if (ref != null) {
            sb.append('#').append(ref);
        }
        return sb.toString();
    }

    public final InputStream openStream() throws IOException {
        if (protocol.equals("file")) {
            throw new FileNotFoundException(path + " (No such file or directory)");
        }
        if (protocol.equals("jar")) {
            throw new FileNotFoundException(file);
        }
        throw new UnknownHostException(host);
    }
}
