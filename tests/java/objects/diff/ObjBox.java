/** A mutable box with a link to another box. */
class ObjBox {
    int v;
    ObjBox other;
}
