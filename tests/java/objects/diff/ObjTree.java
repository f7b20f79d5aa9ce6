/** A binary tree node. */
class ObjTree {
    int key;
    ObjTree left;
    ObjTree right;
}
