/*
 * Drivers of the cdaudio subject (see CdAudio.java and Kernel.java): a sequence of IRPs, each
 * given as (major function, minor function or IOCTL code, lower driver's answer), sent to one
 * CD audio filter. The lower driver's answer is 0 STATUS_SUCCESS, 1 STATUS_PENDING (it finishes
 * later with success) or 2 STATUS_DEVICE_NOT_READY.
 *
 * kind: 0 a drive that pauses by itself, 1 a legacy drive (pause emulated with custom IRPs).
 * phase: how far the device got before the symbolic IRPs: 0 just added, 1 started, 2 started
 * with a valid table of contents, 3 playing (set up by concrete IRPs the lower driver grants).
 *
 * Returns the statuses of the symbolic IRPs as decimal digits, first IRP first: 0 SUCCESS,
 * 1 PENDING, 2 DEVICE_NOT_READY, 3 DEVICE_BUSY, 4 INVALID_DEVICE_REQUEST, 5 DELETE_PENDING;
 * -1 if an input is out of range. Every assertion holds.
 */
package cdaudio;

public class Driver {
    private static int lower(int sel) {
        return sel == 0 ? Kernel.STATUS_SUCCESS : sel == 1 ? Kernel.STATUS_PENDING : Kernel.STATUS_DEVICE_NOT_READY;
    }

    private static int code(int st) {
        switch (st) {
            case Kernel.STATUS_SUCCESS: return 0;
            case Kernel.STATUS_PENDING: return 1;
            case Kernel.STATUS_DEVICE_NOT_READY: return 2;
            case Kernel.STATUS_DEVICE_BUSY: return 3;
            case Kernel.STATUS_INVALID_DEVICE_REQUEST: return 4;
            default: return 5;
        }
    }

    private static boolean bad(int major, int minor, int sel) {
        return major < 0 || major > 4 || minor < 0 || minor > 5 || sel < 0 || sel > 2;
    }

    private static int send(Kernel k, CdAudio cd, int major, int minor, int sel) {
        k.beginIrp(lower(sel));
        int st = cd.dispatch(major, minor);
        k.endIrp(st);
        cd.checkInvariants();
        return code(st);
    }

    private static CdAudio setUp(Kernel k, int kind, int phase) {
        CdAudio cd = new CdAudio(k, kind);
        if (phase >= 1) {
            send(k, cd, CdAudio.IRP_MJ_PNP, CdAudio.PNP_START, 0);
            send(k, cd, CdAudio.IRP_MJ_CREATE, 0, 0);
        }
        if (phase >= 2) {
            send(k, cd, CdAudio.IRP_MJ_DEVICE_CONTROL, CdAudio.IOCTL_READ_TOC, 0);
        }
        if (phase >= 3) {
            send(k, cd, CdAudio.IRP_MJ_DEVICE_CONTROL, CdAudio.IOCTL_PLAY, 0);
        }
        return cd;
    }

    /**
     * One symbolic IRP after the set-up phase, then the handle is closed and the device
     * removed, the lower driver answering lt to both: 6 inputs.
     */
    public static int one(int kind, int phase, int m1, int c1, int l1, int lt) {
        if (kind < 0 || kind > 1 || phase < 0 || phase > 3) {
            return -1;
        }
        if (bad(m1, c1, l1) || lt < 0 || lt > 2) {
            return -1;
        }
        Kernel k = new Kernel();
        CdAudio cd = setUp(k, kind, phase);
        int r = send(k, cd, m1, c1, l1);
        r = r * 10 + send(k, cd, CdAudio.IRP_MJ_CLOSE, 0, lt);
        r = r * 10 + send(k, cd, CdAudio.IRP_MJ_PNP, CdAudio.PNP_REMOVE, lt);
        return r;
    }

    /** Two symbolic IRPs after the set-up phase (8 inputs). */
    public static int run(int kind, int phase, int m1, int c1, int l1, int m2, int c2, int l2) {
        if (kind < 0 || kind > 1 || phase < 0 || phase > 3) {
            return -1;
        }
        if (bad(m1, c1, l1) || bad(m2, c2, l2)) {
            return -1;
        }
        Kernel k = new Kernel();
        CdAudio cd = setUp(k, kind, phase);
        int r = send(k, cd, m1, c1, l1);
        r = r * 10 + send(k, cd, m2, c2, l2);
        return r;
    }

    /** Three symbolic requests in sequence (the scaling configuration). */
    public static int run3(int kind, int phase, int m1, int c1, int l1, int m2, int c2, int l2, int m3, int c3, int l3) {
        if (kind < 0 || kind > 1 || phase < 0 || phase > 3 || bad(m1, c1, l1) || bad(m2, c2, l2) || bad(m3, c3, l3)) {
            return -1;
        }
        Kernel k = new Kernel();
        CdAudio cd = setUp(k, kind, phase);
        int r = send(k, cd, m1, c1, l1);
        r = r * 10 + send(k, cd, m2, c2, l2);
        r = r * 10 + send(k, cd, m3, c3, l3);
        return r;
    }
}
