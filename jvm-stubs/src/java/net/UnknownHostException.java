package java.net;

import java.io.IOException;

/** jsymex model of java.net.UnknownHostException. */
public class UnknownHostException extends IOException {

    public UnknownHostException() {
    }

    public UnknownHostException(String message) {
        super(message);
    }
}
