package java.io;

/**
 * jsymex model of java.io.Serializable (marker interface; serialization is not modelled).
 */
public interface Serializable {
}
