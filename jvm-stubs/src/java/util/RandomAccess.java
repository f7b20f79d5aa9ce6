package java.util;

/** jsymex model of the marker interface java.util.RandomAccess. */
public interface RandomAccess {
}
