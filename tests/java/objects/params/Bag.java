import java.util.List;

/** An object with a collection field: its element type comes from the field's signature. */
public class Bag {
    List<String> names;
}
