/** A driver with static state: its JUnit suite calls it by reflection in a fresh class loader. */
public class Counted {
    static int calls;

    /** null, or a node whose next is null, itself or a fresh node: 4 paths. */
    public static int touch(SwapNode n) {
        calls++;
        if (n == null) {
            return -calls;
        }
        return n.next == null ? calls : calls * 10 + (n.next == n ? 1 : 2);
    }
}
