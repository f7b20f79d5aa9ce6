package java.lang;

import java.io.IOException;

/**
 * jsymex model of java.lang.Appendable, implemented by the string builders and PrintStream.
 */
public interface Appendable {

    Appendable append(CharSequence csq) throws IOException;

    Appendable append(CharSequence csq, int start, int end) throws IOException;

    Appendable append(char c) throws IOException;
}
