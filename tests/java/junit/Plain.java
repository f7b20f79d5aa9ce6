/*
 * Plain -- a default-package driver whose tests go to a named package (--junit-package gen):
 * a test cannot name a default-package class, so the suite calls the driver by reflection.
 */
public class Plain {
    // DRIVER: Plain.twice(int,long,char) --junit-package gen --junit-class PlainCalls
    public static long twice(int x, long y, char c) {
        if (c == 'q') {
            throw new IllegalStateException("q");
        }
        if (x > y) {
            return 2L * x;
        }
        return y;
    }

    // DRIVER: Plain.kind(double) --junit-package gen
    public static char kind(double d) {
        if (d != d) {
            return 'n';
        }
        return d < 0 ? '-' : '+';
    }

    // DRIVER: Plain.half(float) --junit-package gen
    public static float half(float f) {
        return f > 1 ? f / 2 : -0.0f;
    }
}
