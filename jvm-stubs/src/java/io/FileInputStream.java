package java.io;

/**
 * jsymex model of java.io.FileInputStream. jsymex has no file system: every
 * constructor throws FileNotFoundException("<path> (No such file or
 * directory)") as Java does for a missing file.
 */
public class FileInputStream extends InputStream {

    public FileInputStream(String name) throws FileNotFoundException {
        this(name != null ? new File(name) : null);
    }

    public FileInputStream(File file) throws FileNotFoundException {
        String name = (file != null ? file.getPath() : null);
        if (name == null) {
            throw new NullPointerException();
        }
        throw new FileNotFoundException(name + " (No such file or directory)");
    }

    public int read() throws IOException {
        throw new IOException("Stream Closed");
    }
}
