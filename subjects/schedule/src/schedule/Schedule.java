/*
 * schedule: the priority scheduler of the Siemens suite (Hutchins et al.), written fresh in Java
 * for jsymex.
 *
 * Three priority queues (1 lowest .. 3 highest, index 0 unused) and a blocked queue, each a doubly
 * linked list of job elements (next, prev, val, priority) with a member count. The scheduler takes
 * the head of the highest non-empty queue when a job is needed (schedule()). Commands:
 * NEW_JOB prio, UPGRADE_PRIO prio ratio, BLOCK, UNBLOCK ratio, QUANTUM_EXPIRE, FINISH, FLUSH.
 * A ratio selects element n = (int)(count * ratio + 1) (1-based, find_nth) of a queue.
 * FINISH prints the finished job's number followed by a space ("%d "); FLUSH finishes as many
 * times as there are processes (blocked ones included, which are not in any priority queue).
 *
 * Kept from the C program: UPGRADE_PRIO moves the job to queue prio+1 but records its priority as
 * prio (so a later QUANTUM_EXPIRE or UNBLOCK returns it to queue prio); job numbers are allocated
 * from 0 (alloc_proc_num++), priority 3's initial jobs first.
 *
 * Adapted: C globals are fields of a Schedule object; malloc/free become new and dropping the
 * reference; the command-line job counts and the stdin command stream (fscanf) are replaced by
 * run()'s parameters (one fixed argument set per command kind); stdout is a StringBuilder whose text run() returns.
 */
package schedule;

public class Schedule {
    public static final int NEW_JOB = 1;
    public static final int UPGRADE_PRIO = 2;
    public static final int BLOCK = 3;
    public static final int UNBLOCK = 4;
    public static final int QUANTUM_EXPIRE = 5;
    public static final int FINISH = 6;
    public static final int FLUSH = 7;

    public static final int MAXPRIO = 3;

    /** A job descriptor (C's Ele). */
    static final class Ele {
        Ele next, prev; // next and previous in job list
        int val; // id-value of program
        short priority; // its priority
    }

    /** A doubly linked list (C's List). */
    static final class List {
        Ele first;
        Ele last;
        int mem_count; // member count
    }

    static Ele new_ele(int new_num) {
        Ele ele = new Ele();
        ele.next = null;
        ele.prev = null;
        ele.val = new_num;
        return ele;
    }

    static List new_list() {
        List list = new List();
        list.first = null;
        list.last = null;
        list.mem_count = 0;
        return list;
    }

    static List append_ele(List a_list, Ele a_ele) {
        if (a_list == null) {
            a_list = new_list(); // make list without compare function
        }
        a_ele.prev = a_list.last; // insert at the tail
        if (a_list.last != null) {
            a_list.last.next = a_ele;
        } else {
            a_list.first = a_ele;
        }
        a_list.last = a_ele;
        a_ele.next = null;
        a_list.mem_count++;
        return a_list;
    }

    static Ele find_nth(List f_list, int n) {
        Ele f_ele;
        int i;

        if (f_list == null) {
            return null;
        }
        f_ele = f_list.first;
        for (i = 1; f_ele != null && i < n; i++) {
            f_ele = f_ele.next;
        }
        return f_ele;
    }

    static List del_ele(List d_list, Ele d_ele) {
        if (d_list == null || d_ele == null) {
            return null;
        }
        if (d_ele.next != null) {
            d_ele.next.prev = d_ele.prev;
        } else {
            d_list.last = d_ele.prev;
        }
        if (d_ele.prev != null) {
            d_ele.prev.next = d_ele.next;
        } else {
            d_list.first = d_ele.next;
        }
        // keep d_ele's data & pointers intact
        d_list.mem_count--;
        return d_list;
    }

    static void free_ele(Ele ptr) {
        // free(): nothing to do in Java
    }

    int alloc_proc_num;
    int num_processes;
    Ele cur_proc;
    List[] prio_queue = new List[MAXPRIO + 1]; // 0th element unused
    List block_queue;
    final StringBuilder out = new StringBuilder();

    void finish_process() {
        schedule();
        if (cur_proc != null) {
            out.append(cur_proc.val);
            out.append(' ');
            free_ele(cur_proc);
            num_processes--;
        }
    }

    void finish_all_processes() {
        int i;
        int total;
        total = num_processes;
        for (i = 0; i < total; i++) {
            finish_process();
        }
    }

    void schedule() {
        int i;

        cur_proc = null;
        for (i = MAXPRIO; i > 0; i--) {
            if (prio_queue[i].mem_count > 0) {
                cur_proc = prio_queue[i].first;
                prio_queue[i] = del_ele(prio_queue[i], cur_proc);
                return;
            }
        }
    }

    void upgrade_process_prio(int prio, float ratio) {
        int count;
        int n;
        Ele proc;
        List src_queue, dest_queue;

        if (prio >= MAXPRIO) {
            return;
        }
        src_queue = prio_queue[prio];
        dest_queue = prio_queue[prio + 1];
        count = src_queue.mem_count;

        if (count > 0) {
            n = (int) (count * ratio + 1);
            proc = find_nth(src_queue, n);
            if (proc != null) {
                src_queue = del_ele(src_queue, proc);
                // append to appropriate prio queue
                proc.priority = (short) prio;
                dest_queue = append_ele(dest_queue, proc);
            }
        }
    }

    void unblock_process(float ratio) {
        int count;
        int n;
        Ele proc;
        int prio;
        if (block_queue != null) {
            count = block_queue.mem_count;
            n = (int) (count * ratio + 1);
            proc = find_nth(block_queue, n);
            if (proc != null) {
                block_queue = del_ele(block_queue, proc);
                // append to appropriate prio queue
                prio = proc.priority;
                prio_queue[prio] = append_ele(prio_queue[prio], proc);
            }
        }
    }

    void quantum_expire() {
        int prio;
        schedule();
        if (cur_proc != null) {
            prio = cur_proc.priority;
            prio_queue[prio] = append_ele(prio_queue[prio], cur_proc);
        }
    }

    void block_process() {
        schedule();
        if (cur_proc != null) {
            block_queue = append_ele(block_queue, cur_proc);
        }
    }

    Ele new_process(int prio) {
        Ele proc;
        proc = new_ele(alloc_proc_num++);
        proc.priority = (short) prio;
        num_processes++;
        return proc;
    }

    void add_process(int prio) {
        Ele proc;
        proc = new_process(prio);
        prio_queue[prio] = append_ele(prio_queue[prio], proc);
    }

    void init_prio_queue(int prio, int num_proc) {
        List queue;
        Ele proc;
        int i;

        queue = new_list();
        for (i = 0; i < num_proc; i++) {
            proc = new_process(prio);
            queue = append_ele(queue, proc);
        }
        prio_queue[prio] = queue;
    }

    void initialize() {
        alloc_proc_num = 0;
        num_processes = 0;
    }

    /**
     * The C program's main: numProc[p] (p = 1..3) is the initial number of jobs of priority p (the
     * command-line arguments); the command stream is commands[], and every NEW_JOB reads the
     * priority newJobPrio, every UPGRADE_PRIO reads upgradePrio and upgradeRatio, every UNBLOCK
     * reads unblockRatio (where main's fscanf calls read them). Returns what the program prints.
     */
    static String run(int[] numProc, int[] commands, int newJobPrio, int upgradePrio, float upgradeRatio,
            float unblockRatio) {
        Schedule s = new Schedule();
        int command;
        int prio;
        float ratio;
        int k;

        s.initialize();
        for (prio = MAXPRIO; prio >= 1; prio--) {
            s.init_prio_queue(prio, numProc[prio]);
        }
        for (k = 0; k < commands.length; k++) {
            command = commands[k];
            switch (command) {
                case FINISH:
                    s.finish_process();
                    break;
                case BLOCK:
                    s.block_process();
                    break;
                case QUANTUM_EXPIRE:
                    s.quantum_expire();
                    break;
                case UNBLOCK:
                    ratio = unblockRatio;
                    s.unblock_process(ratio);
                    break;
                case UPGRADE_PRIO:
                    prio = upgradePrio;
                    ratio = upgradeRatio;
                    if (prio > MAXPRIO || prio <= 0) {
                        s.out.append("** invalid priority\n");
                        return s.out.toString();
                    } else {
                        s.upgrade_process_prio(prio, ratio);
                    }
                    break;
                case NEW_JOB:
                    prio = newJobPrio;
                    if (prio > MAXPRIO || prio <= 0) {
                        s.out.append("** invalid priority\n");
                        return s.out.toString();
                    } else {
                        s.add_process(prio);
                    }
                    break;
                case FLUSH:
                    s.finish_all_processes();
                    break;
            }
        }
        return s.out.toString();
    }
}
