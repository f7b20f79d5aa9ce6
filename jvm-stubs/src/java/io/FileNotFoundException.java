package java.io;

/**
 * jsymex model of java.io.FileNotFoundException.
 */
public class FileNotFoundException extends IOException {

    public FileNotFoundException() {
        super();
    }

    public FileNotFoundException(String message) {
        super(message);
    }
}
