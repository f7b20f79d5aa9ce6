/** Shadows ObjBase.x and adds z. */
class ObjDerived extends ObjBase {
    int x;
    int z;

    @Override
    int getX() {
        return x;
    }

    int baseX() {
        return super.x;
    }

    @Override
    int sum() {
        return super.sum() + z;
    }
}
