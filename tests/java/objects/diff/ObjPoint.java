/** A point with value equality (equals/hashCode overridden). */
class ObjPoint {
    int x;
    int y;

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ObjPoint)) {
            return false;
        }
        ObjPoint p = (ObjPoint) o;
        return x == p.x && y == p.y;
    }

    @Override
    public int hashCode() {
        return 31 * x + y;
    }
}
