/** A base class whose field x is shadowed in ObjDerived. */
class ObjBase {
    int x;
    int y;
    String tag;
    ObjBase peer;

    int getX() {
        return x;
    }

    int sum() {
        return x + y;
    }
}
