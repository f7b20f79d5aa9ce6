package java.io;

/** jsymex model of java.io.FileReader: no file system, so the constructors throw FileNotFoundException. */
public class FileReader extends InputStreamReader {

    public FileReader(String fileName) throws FileNotFoundException {
        super(new FileInputStream(fileName));
    }

    public FileReader(File file) throws FileNotFoundException {
        super(new FileInputStream(file));
    }
}
