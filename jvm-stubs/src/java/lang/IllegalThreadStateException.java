package java.lang;

/** jsymex model of java.lang.IllegalThreadStateException. */
public class IllegalThreadStateException extends IllegalArgumentException {

    public IllegalThreadStateException() {
        super();
    }

    public IllegalThreadStateException(String s) {
        super(s);
    }
}
