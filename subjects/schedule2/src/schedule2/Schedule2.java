/*
 * schedule2: the second priority scheduler of the Siemens suite (Hutchins et al.), written fresh
 * in Java for jsymex. Same specification as schedule, different program.
 *
 * Representation: prio_queue[0..3] are singly linked queues with a length (queue 0 holds the
 * blocked jobs), and the running job is kept OUT of the queues in current_job, which is refilled
 * eagerly: every enqueue is followed by reschedule(prio), which preempts the current job (putting
 * it at the END of its queue) when a job of higher priority arrives. A ratio selects the job at
 * index (int)(ratio * length), clamped to length-1 (get_process). Status codes (OK, TRUE/FALSE,
 * BADPRIO, BADRATIO, NO_COMMAND, ...) are returned as in the C program.
 * Output: FINISH prints " <pid>" for the finished job (if any) and then a newline; FLUSH finishes
 * jobs until there is none and prints one newline. Job numbers are allocated from 0 (next_pid++),
 * priority 3's initial jobs first; UPGRADE_PRIO records the new priority prio+1.
 *
 * Adapted: C globals are fields of a Schedule2 object; malloc/free become new and dropping the
 * reference; C's pointer-to-pointer walks (struct process **next) become a walk with a
 * predecessor; the `struct process **job` out-parameter is a one-element array; the command-line
 * job counts and the stdin command lines are run()'s parameters (get_command fills prio/ratio per
 * command from fixed arguments instead of sscanf); exit_here(status) ends run(); stdout is a
 * StringBuilder whose text run() returns.
 */
package schedule2;

public class Schedule2 {
    public static final int MAXPRIO = 3;
    public static final int MAXLOPRIO = 2;
    public static final int BLOCKPRIO = 0;

    public static final int FLUSH = 7;
    public static final int NEW_JOB = 1;
    public static final int UPGRADE_PRIO = 2;
    public static final int BLOCK = 3;
    public static final int UNBLOCK = 4;
    public static final int QUANTUM_EXPIRE = 5;
    public static final int FINISH = 6;

    // status codes
    public static final int OK = 0;
    public static final int TRUE = 1;
    public static final int FALSE = 0;
    public static final int BADNOARGS = -1; // wrong number of arguments
    public static final int BADARG = -2; // bad argument (< 0)
    public static final int MALLOC_ERR = -3;
    public static final int BADPRIO = -4; // priority < 0 or > MAXPRIO
    public static final int BADRATIO = -5; // ratio < 0 or > 1
    public static final int NO_COMMAND = -6; // no such command

    static final class Process {
        int pid;
        int priority;
        Process next;
    }

    static final class Queue {
        int length;
        Process head;
    }

    Process current_job;
    int next_pid = 0;
    Queue[] prio_queue = new Queue[MAXPRIO + 1]; // blocked queue is [0]
    final StringBuilder out = new StringBuilder();

    Schedule2() {
        for (int i = 0; i <= MAXPRIO; i++) {
            prio_queue[i] = new Queue();
        }
    }

    int enqueue(int prio, Process new_process) {
        int status;
        if ((status = put_end(prio, new_process)) != 0) {
            return status; // error
        }
        return reschedule(prio);
    }

    int new_job(int prio) {
        // allocate new pid and process block, stick at end
        int pid, status = OK;
        Process new_process;
        pid = next_pid++;
        new_process = new Process();
        new_process.pid = pid;
        new_process.priority = prio;
        new_process.next = null;
        status = enqueue(prio, new_process);
        if (status != 0) {
            new_process = null; // return process block
        }
        if (status != 0) {
            next_pid--; // unsuccessful: restore pid
        }
        return status;
    }

    int upgrade_prio(int prio, float ratio) {
        // increment priority at ratio in queue
        int status;
        Process job;
        Process[] found = new Process[1];
        if (prio < 1 || prio > MAXLOPRIO) {
            return BADPRIO;
        }
        if ((status = get_process(prio, ratio, found)) <= 0) {
            return status;
        }
        job = found[0];
        // we found a job in that queue: upgrade it
        job.priority = prio + 1;
        return enqueue(prio + 1, job);
    }

    int block() {
        // put current job in blocked queue
        Process job;
        job = get_current();
        if (job != null) {
            current_job = null; // remove it
            return enqueue(BLOCKPRIO, job); // put into blocked queue
        }
        return OK;
    }

    int unblock(float ratio) {
        // restore job at ratio in blocked queue to its queue
        int status;
        Process job;
        Process[] found = new Process[1];
        if ((status = get_process(BLOCKPRIO, ratio, found)) <= 0) {
            return status;
        }
        job = found[0];
        // we found a blocked process: put it where it belongs
        return enqueue(job.priority, job);
    }

    int quantum_expire() {
        // put current job at end of its queue
        Process job;
        job = get_current();
        if (job != null) {
            current_job = null; // remove it
            return enqueue(job.priority, job);
        }
        return OK;
    }

    int finish() {
        // get current job, print it, and zap it
        Process job;
        job = get_current();
        if (job != null) {
            current_job = null;
            reschedule(0);
            out.append(' ');
            out.append(job.pid);
            return FALSE;
        } else {
            return TRUE;
        }
    }

    int flush() {
        // get all jobs in priority queues and zap them
        while (finish() == 0) {
        }
        out.append('\n');
        return OK;
    }

    Process get_current() {
        // if no current process, get it; return it
        int prio;
        Process[] found = new Process[1];
        if (current_job == null) {
            for (prio = MAXPRIO; prio > 0; prio--) {
                // find head of highest queue with a process
                int got = get_process(prio, 0.0f, found);
                current_job = found[0];
                if (got > 0) {
                    break;
                }
            }
        }
        return current_job;
    }

    int reschedule(int prio) {
        // put highest priority job into current_job
        if (current_job != null && prio > current_job.priority) {
            put_end(current_job.priority, current_job);
            current_job = null;
        }
        get_current(); // reschedule
        return OK;
    }

    int schedule(int command, int prio, float ratio) {
        int status = OK;
        switch (command) {
            case NEW_JOB:
                status = new_job(prio);
                break;
            case QUANTUM_EXPIRE:
                status = quantum_expire();
                break;
            case UPGRADE_PRIO:
                status = upgrade_prio(prio, ratio);
                break;
            case BLOCK:
                status = block();
                break;
            case UNBLOCK:
                status = unblock(ratio);
                break;
            case FINISH:
                finish();
                out.append('\n');
                break;
            case FLUSH:
                status = flush();
                break;
            default:
                status = NO_COMMAND;
        }
        return status;
    }

    int put_end(int prio, Process process) {
        // put process at end of queue
        Process last;
        Process next;
        if (prio > MAXPRIO || prio < 0) {
            return BADPRIO; // somebody goofed
        }
        // find end of queue
        last = null;
        for (next = prio_queue[prio].head; next != null; next = next.next) {
            last = next;
        }
        if (last == null) {
            prio_queue[prio].head = process;
        } else {
            last.next = process;
        }
        prio_queue[prio].length++;
        return OK;
    }

    int get_process(int prio, float ratio, Process[] job) {
        int length, index;
        Process prev;
        Process next;
        if (prio > MAXPRIO || prio < 0) {
            return BADPRIO; // somebody goofed
        }
        if (ratio < 0.0 || ratio > 1.0) {
            return BADRATIO; // somebody else goofed
        }
        length = prio_queue[prio].length;
        index = (int) (ratio * length);
        index = index >= length ? length - 1 : index; // if ratio == 1.0
        prev = null;
        for (next = prio_queue[prio].head; index != 0 && next != null; index--) {
            prev = next;
            next = next.next; // count up to it
        }
        job[0] = next;
        if (job[0] != null) {
            // mend the chain
            if (prev == null) {
                prio_queue[prio].head = next.next;
            } else {
                prev.next = next.next;
            }
            job[0].next = null; // break this link
            prio_queue[prio].length--;
            return TRUE;
        } else {
            return FALSE;
        }
    }

    // get_command's outputs
    int cmd_prio;
    float cmd_ratio;

    /**
     * get_command for one command line: fills cmd_prio and cmd_ratio the way the sscanf calls do,
     * from the fixed arguments of each command kind (-1 when the command takes none).
     */
    int get_command(int command, int newJobPrio, int upgradePrio, float upgradeRatio, float unblockRatio) {
        cmd_prio = -1;
        cmd_ratio = -1.0f;
        switch (command) {
            case NEW_JOB:
                cmd_prio = newJobPrio;
                break;
            case UNBLOCK:
                cmd_ratio = unblockRatio;
                break;
            case UPGRADE_PRIO:
                cmd_prio = upgradePrio;
                cmd_ratio = upgradeRatio;
                break;
        }
        return TRUE;
    }

    /**
     * The C program's main: numProc[p] (p = 1..3) is the initial number of jobs of priority p (the
     * command-line arguments), commands[] the command lines; every NEW_JOB line carries
     * newJobPrio, every UPGRADE_PRIO line upgradePrio and upgradeRatio, every UNBLOCK line
     * unblockRatio. Returns what the program prints.
     */
    static String run(int[] numProc, int[] commands, int newJobPrio, int upgradePrio, float upgradeRatio,
            float unblockRatio) {
        Schedule2 s = new Schedule2();
        int prio;
        int nprocs, status;
        int k;

        for (prio = MAXPRIO; prio > 0; prio--) {
            if ((nprocs = numProc[prio]) < 0) {
                return s.out.toString(); // exit_here(BADARG)
            }
            for (; nprocs > 0; nprocs--) {
                if ((status = s.new_job(prio)) != 0) {
                    return s.out.toString(); // exit_here(status)
                }
            }
        }
        // while there are commands, schedule them
        for (k = 0; k < commands.length; k++) {
            s.get_command(commands[k], newJobPrio, upgradePrio, upgradeRatio, unblockRatio);
            s.schedule(commands[k], s.cmd_prio, s.cmd_ratio);
        }
        return s.out.toString(); // exit_here(OK)
    }
}
