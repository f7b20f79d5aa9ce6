package java.util;

/** jsymex model of the marker interface java.util.EventListener. */
public interface EventListener {
}
