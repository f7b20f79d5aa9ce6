/** A record of mixed field types. */
class ObjRecord {
    String name;
    int[] data;
    char[] code;
    Integer count;
    Long stamp;
    char grade;
    boolean flag;
    long total;
}
