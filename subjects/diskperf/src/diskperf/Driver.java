/*
 * Drivers of the diskperf subject (see DiskPerf.java and Kernel.java): a sequence of IRPs,
 * each given as (major function, argument, lower driver's answer), sent to one disk
 * performance filter. The argument is the transfer length in sectors (0..7) for reads and
 * writes, the IOCTL code, or the minor function. The lower driver's answer is 0 STATUS_SUCCESS,
 * 1 STATUS_PENDING (finishing later with success) or 2 STATUS_IO_DEVICE_ERROR.
 *
 * phase: how far the device got before the symbolic IRPs: 0 just added, 1 started, 2 started
 * with counting enabled, 3 also with the disk's length known (concrete IRPs, granted).
 *
 * Returns the statuses of the symbolic IRPs as decimal digits, first IRP first: 0 SUCCESS,
 * 1 PENDING, 2 IO_DEVICE_ERROR, 3 INVALID_DEVICE_REQUEST, 4 INVALID_PARAMETER,
 * 5 DEVICE_NOT_READY, 6 DELETE_PENDING; -1 if an input is out of range. Every assertion holds.
 */
package diskperf;

public class Driver {
    private static int lower(int sel) {
        return sel == 0 ? Kernel.STATUS_SUCCESS : sel == 1 ? Kernel.STATUS_PENDING : Kernel.STATUS_IO_DEVICE_ERROR;
    }

    private static int code(int st) {
        switch (st) {
            case Kernel.STATUS_SUCCESS: return 0;
            case Kernel.STATUS_PENDING: return 1;
            case Kernel.STATUS_IO_DEVICE_ERROR: return 2;
            case Kernel.STATUS_INVALID_DEVICE_REQUEST: return 3;
            case Kernel.STATUS_INVALID_PARAMETER: return 4;
            case Kernel.STATUS_DEVICE_NOT_READY: return 5;
            default: return 6;
        }
    }

    private static boolean bad(int major, int arg, int sel) {
        return major < 0 || major > 5 || arg < 0 || arg > 7 || sel < 0 || sel > 2;
    }

    private static int send(Kernel k, DiskPerf f, int major, int arg, int sel) {
        k.beginIrp(lower(sel), major == DiskPerf.IRP_MJ_POWER);
        int st = f.dispatch(major, arg);
        k.endIrp(st);
        f.checkInvariants();
        return code(st);
    }

    private static DiskPerf setUp(Kernel k, int phase) {
        DiskPerf f = new DiskPerf(k);
        if (phase >= 1) {
            send(k, f, DiskPerf.IRP_MJ_PNP, DiskPerf.PNP_START, 0);
        }
        if (phase >= 2) {
            send(k, f, DiskPerf.IRP_MJ_DEVICE_CONTROL, DiskPerf.IOCTL_PERF_ENABLE, 0);
        }
        if (phase >= 3) {
            send(k, f, DiskPerf.IRP_MJ_DEVICE_CONTROL, DiskPerf.IOCTL_GET_LENGTH, 0);
        }
        return f;
    }

    /** One symbolic IRP after the set-up phase, then a query of the counters and a removal
     *  the lower driver answers with lt: 5 inputs. */
    public static int one(int phase, int m1, int a1, int l1, int lt) {
        if (phase < 0 || phase > 3 || bad(m1, a1, l1) || lt < 0 || lt > 2) {
            return -1;
        }
        Kernel k = new Kernel();
        DiskPerf f = setUp(k, phase);
        int r = send(k, f, m1, a1, l1);
        r = r * 10 + send(k, f, DiskPerf.IRP_MJ_DEVICE_CONTROL, DiskPerf.IOCTL_PERF_QUERY, lt);
        r = r * 10 + send(k, f, DiskPerf.IRP_MJ_PNP, DiskPerf.PNP_REMOVE, lt);
        return r;
    }

    /** Two symbolic IRPs after the set-up phase: 7 inputs. */
    public static int run(int phase, int m1, int a1, int l1, int m2, int a2, int l2) {
        if (phase < 0 || phase > 3 || bad(m1, a1, l1) || bad(m2, a2, l2)) {
            return -1;
        }
        Kernel k = new Kernel();
        DiskPerf f = setUp(k, phase);
        int r = send(k, f, m1, a1, l1);
        r = r * 10 + send(k, f, m2, a2, l2);
        return r;
    }

    /** Three symbolic requests in sequence (the scaling configuration). */
    public static int run3(int phase, int m1, int a1, int l1, int m2, int a2, int l2, int m3, int a3, int l3) {
        if (phase < 0 || phase > 3 || bad(m1, a1, l1) || bad(m2, a2, l2) || bad(m3, a3, l3)) {
            return -1;
        }
        Kernel k = new Kernel();
        DiskPerf f = setUp(k, phase);
        int r = send(k, f, m1, a1, l1);
        r = r * 10 + send(k, f, m2, a2, l2);
        r = r * 10 + send(k, f, m3, a3, l3);
        return r;
    }
}
