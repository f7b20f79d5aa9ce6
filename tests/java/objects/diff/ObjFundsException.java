/** A custom unchecked exception thrown by the corpus drivers. */
class ObjFundsException extends RuntimeException {
    final long missing;

    ObjFundsException(long missing) {
        super("missing " + missing);
        this.missing = missing;
    }
}
