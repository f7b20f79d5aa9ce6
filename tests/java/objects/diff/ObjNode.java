/** A singly linked list node (helper of the objects differential corpus). */
class ObjNode {
    int val;
    ObjNode next;
}
