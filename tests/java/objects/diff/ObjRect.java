class ObjRect implements ObjShape {
    int w;
    int h;

    public int area() {
        return w * h;
    }

    public int sides() {
        return 4;
    }
}
