// A constructor that reflectively constructs its own class: the calls nest through a native
// (Class.newInstance), and still end in StackOverflowError at --max-stack-depth.
package deep;

public class Nest {
    static int made;

    @SuppressWarnings("deprecation")
    public Nest() throws Exception {
        made++;
        Nest.class.newInstance();
    }

    public static int run() throws Exception {
        try {
            new Nest();
        } catch (StackOverflowError e) {
            return made > 50 ? 1 : 0;
        }
        return -1;
    }
}
