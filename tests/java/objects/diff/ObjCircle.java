class ObjCircle implements ObjShape {
    int r;

    public int area() {
        return 3 * r * r;
    }

    public int sides() {
        return 0;
    }

    @Override
    public String describe() {
        return "circle";
    }
}
