/** An element type with no subclasses. */
public final class Item {
    int w;
}
