package java.io;

/**
 * jsymex model of java.io.File: path handling only (Unix separators,
 * Java's normalisation of repeated and trailing slashes, getName, getParent,
 * isAbsolute, resolution against a parent). jsymex has no file system:
 * exists, isFile, isDirectory, canRead, canWrite, delete, mkdir(s) and
 * createNewFile return false, length and lastModified 0, list/listFiles null.
 * getAbsolutePath resolves against the "user.dir" property (null in jsymex,
 * so relative paths get "/" prepended).
 */
public class File implements Serializable, Comparable<File> {

    public static final char separatorChar = '/';
    public static final String separator = "/";
    public static final char pathSeparatorChar = ':';
    public static final String pathSeparator = ":";

    private final String path;
    private final int prefixLength;

    private static String normalize(String pathname) {
        int n = pathname.length();
        StringBuilder sb = new StringBuilder(n);
        char prev = 0;
        for (int i = 0; i < n; i++) {
            char c = pathname.charAt(i);
            if (prev == '/' && c == '/') {
                continue;
            }
            sb.append(c);
            prev = c;
        }
        int len = sb.length();
        if (len > 1 && sb.charAt(len - 1) == '/') {
            sb.setLength(len - 1);
        }
        return sb.toString();
    }

    private static String resolve(String parent, String child) {
        if (child.isEmpty()) {
            return parent;
        }
        if (child.charAt(0) == '/') {
            if (parent.equals("/")) {
                return child;
            }
            return parent + child;
        }
        if (parent.equals("/")) {
            return parent + child;
        }
        return parent + '/' + child;
    }

    public File(String pathname) {
        if (pathname == null) {
            throw new NullPointerException();
        }
        this.path = normalize(pathname);
        this.prefixLength = (path.length() > 0 && path.charAt(0) == '/') ? 1 : 0;
    }

    public File(String parent, String child) {
        if (child == null) {
            throw new NullPointerException();
        }
        if (parent != null) {
            if (parent.isEmpty()) {
                this.path = resolve("/", normalize(child));
            } else {
                this.path = resolve(normalize(parent), normalize(child));
            }
        } else {
            this.path = normalize(child);
        }
        this.prefixLength = (path.length() > 0 && path.charAt(0) == '/') ? 1 : 0;
    }

    public File(File parent, String child) {
        if (child == null) {
            throw new NullPointerException();
        }
        if (parent != null) {
            if (parent.path.isEmpty()) {
                this.path = resolve("/", normalize(child));
            } else {
                this.path = resolve(parent.path, normalize(child));
            }
        } else {
            this.path = normalize(child);
        }
        this.prefixLength = (path.length() > 0 && path.charAt(0) == '/') ? 1 : 0;
    }

    public String getName() {
        int index = path.lastIndexOf(separatorChar);
        if (index < prefixLength) {
            return path.substring(prefixLength);
        }
        return path.substring(index + 1);
    }

    public String getParent() {
        int index = path.lastIndexOf(separatorChar);
        if (index < prefixLength) {
            if ((prefixLength > 0) && (path.length() > prefixLength)) {
                return path.substring(0, prefixLength);
            }
            return null;
        }
        return path.substring(0, index);
    }

    public File getParentFile() {
        String p = this.getParent();
        if (p == null) {
            return null;
        }
        return new File(p);
    }

    public String getPath() {
        return path;
    }

    public boolean isAbsolute() {
        return prefixLength == 1;
    }

    public String getAbsolutePath() {
        if (isAbsolute()) {
            return path;
        }
        String userDir = System.getProperty("user.dir");
        if (userDir == null) {
            userDir = "/";
        }
        return resolve(userDir, path);
    }

    public File getAbsoluteFile() {
        return new File(getAbsolutePath());
    }

    public String getCanonicalPath() throws IOException {
        return getAbsolutePath();
    }

    public File getCanonicalFile() throws IOException {
        return new File(getCanonicalPath());
    }

    public boolean canRead() {
        return false;
    }

    public boolean canWrite() {
        return false;
    }

    public boolean exists() {
        return false;
    }

    public boolean isDirectory() {
        return false;
    }

    public boolean isFile() {
        return false;
    }

    public boolean isHidden() {
        return getName().startsWith(".");
    }

    public long lastModified() {
        return 0L;
    }

    public long length() {
        return 0L;
    }

    public boolean createNewFile() throws IOException {
        throw new IOException("No such file or directory");
    }

    public boolean delete() {
        return false;
    }

    public String[] list() {
        return null;
    }

    public File[] listFiles() {
        return null;
    }

    public boolean mkdir() {
        return false;
    }

    public boolean mkdirs() {
        return false;
    }

    public int compareTo(File pathname) {
        return this.path.compareTo(pathname.path);
    }

    public boolean equals(Object obj) {
        if (obj instanceof File) {
            return compareTo((File) obj) == 0;
        }
        return false;
    }

    public int hashCode() {
        return path.hashCode() ^ 1234321;
    }

    public String toString() {
        return getPath();
    }
}
