/** A doubly linked list node. */
public class DNode {
    int val;
    DNode next;
    DNode prev;
}
