package java.util;

/** jsymex model of java.util.IllegalFormatArgumentIndexException (an index below 1 or too large for an int). */
class IllegalFormatArgumentIndexException extends IllegalFormatException {

    private final int illegalIndex;

    IllegalFormatArgumentIndexException(int index) {
        this.illegalIndex = index;
    }

    int getIndex() {
        return illegalIndex;
    }

    public String getMessage() {
        if (illegalIndex == Integer.MIN_VALUE) {
            return "Format argument index: (not representable as int)";
        }
        return "Illegal format argument index = " + illegalIndex;
    }
}
