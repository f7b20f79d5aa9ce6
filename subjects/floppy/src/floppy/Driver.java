/*
 * Drivers of the floppy subject (see Floppy.java and Kernel.java): a sequence of IRPs, each
 * given as (major function, argument, controller driver's answer), sent to one floppy drive.
 * The argument is the transfer length for reads and writes (0 nothing to do), 0 open or
 * another value close for create/close, the IOCTL code, or the minor function. The answer is
 * 0 STATUS_SUCCESS, 1 STATUS_PENDING (finishing later with success) or
 * 2 STATUS_MEDIA_WRITE_PROTECTED.
 *
 * phase: how far the device got before the symbolic IRPs: 0 just added, 1 started and opened,
 * 2 with the media's geometry read, 3 then queried for a stop (concrete IRPs, granted).
 *
 * Returns one decimal digit per symbolic IRP, first IRP first: 0 SUCCESS, 1 PENDING,
 * 2 MEDIA_WRITE_PROTECTED, 3 DEVICE_NOT_READY, 4 DEVICE_BUSY, 5 DELETE_PENDING, 6 another
 * status; -1 if an input is out of range.
 */
package floppy;

public class Driver {
    private static int lower(int sel) {
        return sel == 0 ? Kernel.STATUS_SUCCESS : sel == 1 ? Kernel.STATUS_PENDING : Kernel.STATUS_MEDIA_WRITE_PROTECTED;
    }

    private static int code(int st) {
        switch (st) {
            case Kernel.STATUS_SUCCESS: return 0;
            case Kernel.STATUS_PENDING: return 1;
            case Kernel.STATUS_MEDIA_WRITE_PROTECTED: return 2;
            case Kernel.STATUS_DEVICE_NOT_READY: return 3;
            case Kernel.STATUS_DEVICE_BUSY: return 4;
            case Kernel.STATUS_DELETE_PENDING: return 5;
            default: return 6;
        }
    }

    private static boolean bad(int major, int arg, int sel) {
        return major < 0 || major > 5 || arg < 0 || arg > 5 || sel < 0 || sel > 2;
    }

    private static int send(Kernel k, Floppy f, int major, int arg, int sel) {
        k.beginIrp(lower(sel), major == Floppy.IRP_MJ_POWER);
        int st = f.dispatch(major, arg);
        k.endIrp(st);
        f.runThread();
        f.checkInvariants();
        return code(st);
    }

    private static Floppy setUp(Kernel k, int phase) {
        Floppy f = new Floppy(k);
        if (phase >= 1) {
            send(k, f, Floppy.IRP_MJ_PNP, Floppy.PNP_START, 0);
            send(k, f, Floppy.IRP_MJ_CREATE_CLOSE, 0, 0);
        }
        if (phase >= 2) {
            send(k, f, Floppy.IRP_MJ_DEVICE_CONTROL, Floppy.IOCTL_GET_DRIVE_GEOMETRY, 0);
        }
        if (phase >= 3) {
            send(k, f, Floppy.IRP_MJ_PNP, Floppy.PNP_QUERY_STOP, 0);
        }
        return f;
    }

    /**
     * One symbolic IRP after the set-up phase, then a one-sector write (w = 0) or a format
     * (w = 1) the controller driver answers with l2, then a close: 6 inputs.
     */
    public static int one(int phase, int m1, int a1, int l1, int w, int l2) {
        if (phase < 0 || phase > 3 || bad(m1, a1, l1) || w < 0 || w > 1 || l2 < 0 || l2 > 2) {
            return -1;
        }
        Kernel k = new Kernel();
        Floppy f = setUp(k, phase);
        int r = send(k, f, m1, a1, l1);
        if (w == 0) {
            r = r * 10 + send(k, f, Floppy.IRP_MJ_WRITE, 1, l2);
        } else {
            r = r * 10 + send(k, f, Floppy.IRP_MJ_DEVICE_CONTROL, Floppy.IOCTL_FORMAT_TRACKS, l2);
        }
        r = r * 10 + send(k, f, Floppy.IRP_MJ_CREATE_CLOSE, 1, 0);
        return r;
    }

    /** Two symbolic IRPs after the set-up phase: 7 inputs. */
    public static int run(int phase, int m1, int a1, int l1, int m2, int a2, int l2) {
        if (phase < 0 || phase > 3 || bad(m1, a1, l1) || bad(m2, a2, l2)) {
            return -1;
        }
        Kernel k = new Kernel();
        Floppy f = setUp(k, phase);
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
        Floppy f = setUp(k, phase);
        int r = send(k, f, m1, a1, l1);
        r = r * 10 + send(k, f, m2, a2, l2);
        r = r * 10 + send(k, f, m3, a3, l3);
        return r;
    }
}
