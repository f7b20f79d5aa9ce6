package java.lang;

/**
 * jsymex model of java.lang.Cloneable: marker interface checked by Object.clone.
 */
public interface Cloneable {
}
