/** The fork bomb of notes A.9.4 (d): the first fork's appended side loops on a symbolic int. */
public class SubpathBomb {
    static int hit;

    public static int bomb(int b, int a) {
        if (b > 0) {
            while (a < 10) {
                a++;
            }
            return 0;
        }
        hit = 1;
        return 1;
    }
}
