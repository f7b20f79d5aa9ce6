/*
 * Driver for schedule2 (the Siemens suite's second priority scheduler, see Schedule2.java).
 *
 * Each symbolic input chooses one command (1 NEW_JOB .. 7 FLUSH); the commands' arguments and the
 * initial job counts are fixed constants:
 *   initial jobs: 1 of priority 3 (job 0), 2 of priority 2 (jobs 1, 2), 2 of priority 1 (jobs 3, 4)
 *   NEW_JOB 3, UPGRADE_PRIO 1 0.5, UNBLOCK 0.5.
 * A command number outside 1..7 is ignored (schedule() returns NO_COMMAND, which main ignores).
 * Returns the program's output: " <job>" per finished job, a newline after every FINISH and at
 * the end of every FLUSH.
 */
package schedule2;

public class Driver {
    static final int NEW_JOB_PRIO = 3;
    static final int UPGRADE_PRIO_PRIO = 1;
    static final float UPGRADE_RATIO = 0.5f;
    static final float UNBLOCK_RATIO = 0.5f;

    static String commands(int[] cmds) {
        int[] numProc = new int[Schedule2.MAXPRIO + 1];
        numProc[3] = 1;
        numProc[2] = 2;
        numProc[1] = 2;
        return Schedule2.run(numProc, cmds, NEW_JOB_PRIO, UPGRADE_PRIO_PRIO, UPGRADE_RATIO, UNBLOCK_RATIO);
    }

    public static String run3(int c1, int c2, int c3) {
        int[] cmds = new int[3];
        cmds[0] = c1;
        cmds[1] = c2;
        cmds[2] = c3;
        return commands(cmds);
    }

    public static String run6(int c1, int c2, int c3, int c4, int c5, int c6) {
        int[] cmds = new int[6];
        cmds[0] = c1;
        cmds[1] = c2;
        cmds[2] = c3;
        cmds[3] = c4;
        cmds[4] = c5;
        cmds[5] = c6;
        return commands(cmds);
    }

    /**
     * The paper's shape (its {@code mainProcess}): three commands, nothing returned. The output
     * stays where the program puts it (Schedule2's {@code out}, the C program's stdout).
     */
    public static void paper3(int c1, int c2, int c3) {
        int[] cmds = new int[3];
        cmds[0] = c1;
        cmds[1] = c2;
        cmds[2] = c3;
        commands(cmds);
    }

    /** The paper's shape with six commands. */
    public static void paper6(int c1, int c2, int c3, int c4, int c5, int c6) {
        int[] cmds = new int[6];
        cmds[0] = c1;
        cmds[1] = c2;
        cmds[2] = c3;
        cmds[3] = c4;
        cmds[4] = c5;
        cmds[5] = c6;
        commands(cmds);
    }
}
