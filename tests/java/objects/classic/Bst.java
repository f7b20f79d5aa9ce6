/** Search and insertion in a binary search tree whose nodes are symbolic objects. */
public class Bst {
    /** Whether key {@code k} is in the tree under {@code root}. */
    public static boolean contains(BstNode root, int k) {
        BstNode n = root;
        while (n != null) {
            if (k < n.key) {
                n = n.left;
            } else if (k > n.key) {
                n = n.right;
            } else {
                return true;
            }
        }
        return false;
    }

    /** Inserts {@code k}: the depth of the new node (1 below the root), 0 for an empty tree, -1 when present. */
    public static int insert(BstNode root, int k) {
        if (root == null) {
            return 0;
        }
        BstNode n = root;
        int d = 1;
        while (true) {
            if (k < n.key) {
                if (n.left == null) {
                    n.left = new BstNode(k);
                    return d;
                }
                n = n.left;
            } else if (k > n.key) {
                if (n.right == null) {
                    n.right = new BstNode(k);
                    return d;
                }
                n = n.right;
            } else {
                return -1;
            }
            d++;
        }
    }
}
