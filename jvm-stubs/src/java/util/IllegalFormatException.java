package java.util;

/** jsymex model of java.util.IllegalFormatException: the base of Formatter's format errors. */
public class IllegalFormatException extends IllegalArgumentException {

    IllegalFormatException() {
    }
}
