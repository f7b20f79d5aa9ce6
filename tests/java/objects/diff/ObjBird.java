class ObjBird extends ObjAnimal {
    boolean flies;

    int legs() {
        return 2;
    }

    @Override
    int lifespan() {
        return flies ? super.lifespan() + 5 : super.lifespan();
    }
}
