/*
 * Drivers of the WBS subject (see WBS.java): symbolic pedal positions, autobrake and skid
 * signals for one or two synchronous steps of a fresh wheel brake system.
 */
package wbs;

public class Driver {
    /** One step: the outputs as Nor_Pressure * 10000 + Alt_Pressure * 10 + Sys_Mode. */
    public static int once(int p, boolean a, boolean s) {
        WBS w = new WBS();
        w.update(p, a, s);
        return w.outputs();
    }

    /**
     * Two steps (the SPF/DGSE configuration with 6 inputs): the outputs after the first step
     * times 10^7 plus the outputs after the second (each Nor * 10000 + Alt * 10 + Mode).
     */
    public static long twice(int p1, boolean a1, boolean s1, int p2, boolean a2, boolean s2) {
        WBS w = new WBS();
        w.update(p1, a1, s1);
        long first = w.outputs();
        w.update(p2, a2, s2);
        return first * 10000000L + w.outputs();
    }

    /**
     * Three steps, 9 inputs (the configuration SPF is measured with in the README): the outputs
     * of the three steps combined into one number.
     */
    public static long thrice(int p1, boolean a1, boolean s1, int p2, boolean a2, boolean s2, int p3, boolean a3, boolean s3) {
        WBS w = new WBS();
        w.update(p1, a1, s1);
        long first = w.outputs();
        w.update(p2, a2, s2);
        long second = w.outputs();
        w.update(p3, a3, s3);
        return (first * 10000000L + second) * 31L + w.outputs();
    }

    /**
     * The paper's shape (SPF's WBS example): two steps of one system, nothing returned; the
     * outputs stay in the system's fields, where the generated code puts them.
     */
    public static void paper(int p1, boolean a1, boolean s1, int p2, boolean a2, boolean s2) {
        WBS w = new WBS();
        w.update(p1, a1, s1);
        w.update(p2, a2, s2);
    }
}
