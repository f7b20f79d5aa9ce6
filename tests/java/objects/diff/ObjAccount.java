/** A bank account: primitive, String, array, boxed and reference fields. */
class ObjAccount {
    int id;
    long balance;
    String owner;
    int[] history;
    Integer limit;
    ObjAccount linked;
    boolean frozen;
}
