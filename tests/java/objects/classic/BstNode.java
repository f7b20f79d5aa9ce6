/** A binary search tree node; the trees of {@link Bst}'s drivers are symbolic. */
public class BstNode {
    int key;
    BstNode left;
    BstNode right;

    BstNode(int key) {
        this.key = key;
    }
}
