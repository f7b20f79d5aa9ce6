/*
 * Driver for tcas (the Siemens suite's Traffic Collision Avoidance System module, see Tcas.java).
 *
 * max(...) takes the twelve inputs of the C program's command line, in its order, and returns
 * alt_sep_test()'s result: 0 UNRESOLVED, 1 UPWARD_RA, 2 DOWNWARD_RA.
 *
 * Adapted: Alt_Layer_Value indexes the 4-element Positive_RA_Alt_Thresh array, and jsymex has one
 * range for every symbolic int, so the driver returns -1 (no advisory computed) when it is outside
 * 0..3 instead of letting ALIM() read out of bounds (the C program's behaviour would be undefined).
 */
package tcas;

public class Driver {
    public static int max(int Cur_Vertical_Sep, int High_Confidence, int Two_of_Three_Reports_Valid,
            int Own_Tracked_Alt, int Own_Tracked_Alt_Rate, int Other_Tracked_Alt, int Alt_Layer_Value,
            int Up_Separation, int Down_Separation, int Other_RAC, int Other_Capability, int Climb_Inhibit) {
        if (Alt_Layer_Value < 0 || Alt_Layer_Value > 3) {
            return -1;
        }
        Tcas.load(Cur_Vertical_Sep, High_Confidence, Two_of_Three_Reports_Valid, Own_Tracked_Alt,
                Own_Tracked_Alt_Rate, Other_Tracked_Alt, Alt_Layer_Value, Up_Separation, Down_Separation,
                Other_RAC, Other_Capability, Climb_Inhibit);
        return Tcas.alt_sep_test();
    }

    /**
     * The paper's shape (the C program's main): all 12 inputs, the advisory printed as main
     * prints it, nothing returned.
     */
    public static void paper(int Cur_Vertical_Sep, int High_Confidence, int Two_of_Three_Reports_Valid,
            int Own_Tracked_Alt, int Own_Tracked_Alt_Rate, int Other_Tracked_Alt, int Alt_Layer_Value,
            int Up_Separation, int Down_Separation, int Other_RAC, int Other_Capability, int Climb_Inhibit) {
        if (Alt_Layer_Value < 0 || Alt_Layer_Value > 3) {
            return;
        }
        Tcas.load(Cur_Vertical_Sep, High_Confidence, Two_of_Three_Reports_Valid, Own_Tracked_Alt,
                Own_Tracked_Alt_Rate, Other_Tracked_Alt, Alt_Layer_Value, Up_Separation, Down_Separation,
                Other_RAC, Other_Capability, Climb_Inhibit);
        System.out.println(Tcas.alt_sep_test());
    }
}
