/** An abstract class with two concrete subclasses (ObjDog, ObjBird). */
abstract class ObjAnimal {
    int age;

    abstract int legs();

    String sound() {
        return "...";
    }

    int lifespan() {
        return 10 + legs();
    }
}
