class ObjSquare implements ObjShape {
    int s;

    public int area() {
        return s * s;
    }

    public int sides() {
        return 4;
    }
}
