/** Holds a shape in a field of interface type. */
class ObjShapeBox {
    ObjShape shape;
    int scale;
}
