/*
 * tcas: the Traffic Collision Avoidance System module of the Siemens suite (Hutchins et al.),
 * written fresh in Java for jsymex.
 *
 * The program decides, from twelve sensor/state values, whether the own aircraft should be given
 * a resolution advisory: UNRESOLVED (0), UPWARD_RA (1) or DOWNWARD_RA (2). The structure follows
 * the C program: the global variables, initialize() filling Positive_RA_Alt_Thresh, ALIM() indexing
 * it by Alt_Layer_Value, Inhibit_Biased_Climb, Non_Crossing_Biased_Climb/Descend,
 * Own_Below_Threat, Own_Above_Threat and alt_sep_test with its short-circuit conditions.
 *
 * Adapted: C's `bool` (an int typedef) stays an int here and is tested with `!= 0`; the C globals
 * are static fields, set by load() (which replaces main's argv parsing with atoi) and read by the
 * functions; main's printf of the result becomes the return value of alt_sep_test().
 */
package tcas;

public class Tcas {
    public static final int OLEV = 600; // in feet/minute
    public static final int MAXALTDIFF = 600; // max altitude difference in feet
    public static final int MINSEP = 300; // min separation in feet
    public static final int NOZCROSS = 100; // in feet

    public static final int NO_INTENT = 0;
    public static final int DO_NOT_CLIMB = 1;
    public static final int DO_NOT_DESCEND = 2;

    public static final int TCAS_TA = 1;
    public static final int OTHER = 2;

    public static final int UNRESOLVED = 0;
    public static final int UPWARD_RA = 1;
    public static final int DOWNWARD_RA = 2;

    static int Cur_Vertical_Sep;
    static int High_Confidence;
    static int Two_of_Three_Reports_Valid;

    static int Own_Tracked_Alt;
    static int Own_Tracked_Alt_Rate;
    static int Other_Tracked_Alt;

    static int Alt_Layer_Value; // 0, 1, 2, 3
    static int[] Positive_RA_Alt_Thresh = new int[4];

    static int Up_Separation;
    static int Down_Separation;

    static int Other_RAC; // NO_INTENT, DO_NOT_CLIMB, DO_NOT_DESCEND
    static int Other_Capability; // TCAS_TA, OTHER
    static int Climb_Inhibit; // true/false

    static void initialize() {
        Positive_RA_Alt_Thresh = new int[4];
        Positive_RA_Alt_Thresh[0] = 400;
        Positive_RA_Alt_Thresh[1] = 500;
        Positive_RA_Alt_Thresh[2] = 640;
        Positive_RA_Alt_Thresh[3] = 740;
    }

    static int ALIM() {
        return Positive_RA_Alt_Thresh[Alt_Layer_Value];
    }

    static int Inhibit_Biased_Climb() {
        return Climb_Inhibit != 0 ? Up_Separation + NOZCROSS : Up_Separation;
    }

    static boolean Non_Crossing_Biased_Climb() {
        boolean upward_preferred;
        boolean result;

        upward_preferred = Inhibit_Biased_Climb() > Down_Separation;
        if (upward_preferred) {
            result = !Own_Below_Threat() || (Own_Below_Threat() && !(Down_Separation >= ALIM()));
        } else {
            result = Own_Above_Threat() && (Cur_Vertical_Sep >= MINSEP) && (Up_Separation >= ALIM());
        }
        return result;
    }

    static boolean Non_Crossing_Biased_Descend() {
        boolean upward_preferred;
        boolean result;

        upward_preferred = Inhibit_Biased_Climb() > Down_Separation;
        if (upward_preferred) {
            result = Own_Below_Threat() && (Cur_Vertical_Sep >= MINSEP) && (Down_Separation >= ALIM());
        } else {
            result = !Own_Above_Threat() || (Own_Above_Threat() && (Up_Separation >= ALIM()));
        }
        return result;
    }

    static boolean Own_Below_Threat() {
        return Own_Tracked_Alt < Other_Tracked_Alt;
    }

    static boolean Own_Above_Threat() {
        return Other_Tracked_Alt < Own_Tracked_Alt;
    }

    static int alt_sep_test() {
        boolean enabled, tcas_equipped, intent_not_known;
        boolean need_upward_RA, need_downward_RA;
        int alt_sep;

        enabled = High_Confidence != 0 && (Own_Tracked_Alt_Rate <= OLEV) && (Cur_Vertical_Sep > MAXALTDIFF);
        tcas_equipped = Other_Capability == TCAS_TA;
        intent_not_known = Two_of_Three_Reports_Valid != 0 && Other_RAC == NO_INTENT;

        alt_sep = UNRESOLVED;

        if (enabled && ((tcas_equipped && intent_not_known) || !tcas_equipped)) {
            need_upward_RA = Non_Crossing_Biased_Climb() && Own_Below_Threat();
            need_downward_RA = Non_Crossing_Biased_Descend() && Own_Above_Threat();
            if (need_upward_RA && need_downward_RA) {
                // unreachable: needs Own_Below_Threat and Own_Above_Threat at once
                alt_sep = UNRESOLVED;
            } else if (need_upward_RA) {
                alt_sep = UPWARD_RA;
            } else if (need_downward_RA) {
                alt_sep = DOWNWARD_RA;
            } else {
                alt_sep = UNRESOLVED;
            }
        }

        return alt_sep;
    }

    /** main's argument parsing: the twelve values in the order of the C program's argv. */
    static void load(int cvs, int hc, int ttrv, int ota, int otar, int otta, int alv, int upsep, int downsep,
            int orac, int ocap, int ci) {
        initialize();
        Cur_Vertical_Sep = cvs;
        High_Confidence = hc;
        Two_of_Three_Reports_Valid = ttrv;
        Own_Tracked_Alt = ota;
        Own_Tracked_Alt_Rate = otar;
        Other_Tracked_Alt = otta;
        Alt_Layer_Value = alv;
        Up_Separation = upsep;
        Down_Separation = downsep;
        Other_RAC = orac;
        Other_Capability = ocap;
        Climb_Inhibit = ci;
    }
}
