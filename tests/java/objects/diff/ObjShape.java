/** A shape interface with three implementations (ObjCircle, ObjSquare, ObjRect). */
interface ObjShape {
    int area();

    int sides();

    default String describe() {
        return "shape" + sides();
    }
}
