class ObjDog extends ObjAnimal {
    int weight;

    int legs() {
        return 4;
    }

    @Override
    String sound() {
        return "woof";
    }
}
