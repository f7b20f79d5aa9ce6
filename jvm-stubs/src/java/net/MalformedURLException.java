package java.net;

import java.io.IOException;

/** jsymex model of java.net.MalformedURLException. */
public class MalformedURLException extends IOException {

    public MalformedURLException() {
    }

    public MalformedURLException(String msg) {
        super(msg);
    }
}
