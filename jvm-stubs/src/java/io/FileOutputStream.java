package java.io;

/**
 * jsymex model of java.io.FileOutputStream. jsymex has no file system: every
 * constructor throws FileNotFoundException("<path> (No such file or
 * directory)").
 */
public class FileOutputStream extends OutputStream {

    public FileOutputStream(String name) throws FileNotFoundException {
        this(name != null ? new File(name) : null, false);
    }

    public FileOutputStream(String name, boolean append) throws FileNotFoundException {
        this(name != null ? new File(name) : null, append);
    }

    public FileOutputStream(File file) throws FileNotFoundException {
        this(file, false);
    }

    public FileOutputStream(File file, boolean append) throws FileNotFoundException {
        String name = (file != null ? file.getPath() : null);
        if (name == null) {
            throw new NullPointerException();
        }
        throw new FileNotFoundException(name + " (No such file or directory)");
    }

    public void write(int b) throws IOException {
        throw new IOException("Stream Closed");
    }
}
