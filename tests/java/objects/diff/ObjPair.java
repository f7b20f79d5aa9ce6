/** Two list nodes that may be shared. */
class ObjPair {
    int tag;
    ObjNode left;
    ObjNode right;
}
