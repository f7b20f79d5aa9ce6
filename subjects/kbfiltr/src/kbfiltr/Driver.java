/*
 * Drivers of the kbfiltr subject (see KbFilter.java and Kernel.java): a sequence of steps, each
 * (kind, argument, answer) given to one keyboard filter. Kinds 0..3 are IRPs (create/close,
 * internal device control, PnP, power), the argument their IOCTL code or minor function and
 * the answer the port driver's status: 0 STATUS_SUCCESS, 1 STATUS_PENDING (finishing later
 * with success), 2 STATUS_DEVICE_NOT_CONNECTED. Kind 4 is a scan code byte from the port: the
 * argument is the code (0 E0 prefix, 1/2 Ctrl make/break, 3/4 Alt make/break, 5 Del make,
 * 6/7 another key make/break) and the answer the report (0 normal, 1 typematic repeat,
 * 2 overrun).
 *
 * phase: how far the device got before the symbolic steps: 0 just added, 1 started,
 * 2 connected to the class driver, 3 with the interrupt hook (concrete IRPs, granted).
 *
 * Returns one decimal digit per symbolic step, first step first: for an IRP 0 SUCCESS,
 * 1 PENDING, 2 DEVICE_NOT_CONNECTED, 3 another error; for a scan code 5 delivered, 6 kept,
 * 7 dropped; -1 if an input is out of range. Every assertion holds.
 */
package kbfiltr;

public class Driver {
    private static int lower(int sel) {
        return sel == 0 ? Kernel.STATUS_SUCCESS : sel == 1 ? Kernel.STATUS_PENDING : Kernel.STATUS_DEVICE_NOT_CONNECTED;
    }

    private static int code(int st) {
        switch (st) {
            case Kernel.STATUS_SUCCESS: return 0;
            case Kernel.STATUS_PENDING: return 1;
            case Kernel.STATUS_DEVICE_NOT_CONNECTED: return 2;
            default: return 3;
        }
    }

    private static boolean bad(int kind, int arg, int sel) {
        return kind < 0 || kind > 4 || arg < 0 || arg > 7 || sel < 0 || sel > 2;
    }

    private static int step(Kernel k, KbFilter f, int kind, int arg, int sel) {
        int r;
        if (kind == 4) {
            r = 5 + f.keystroke(arg, sel);
        } else {
            k.beginIrp(lower(sel), kind == KbFilter.IRP_MJ_POWER);
            int st = f.dispatch(kind, arg);
            k.endIrp(st);
            r = code(st);
        }
        f.checkInvariants();
        return r;
    }

    private static KbFilter setUp(Kernel k, int phase) {
        KbFilter f = new KbFilter(k);
        if (phase >= 1) {
            step(k, f, KbFilter.IRP_MJ_PNP, KbFilter.PNP_START, 0);
        }
        if (phase >= 2) {
            step(k, f, KbFilter.IRP_MJ_INTERNAL_DEVICE_CONTROL, KbFilter.IOCTL_CONNECT, 0);
        }
        if (phase >= 3) {
            step(k, f, KbFilter.IRP_MJ_INTERNAL_DEVICE_CONTROL, KbFilter.IOCTL_HOOK, 0);
        }
        return f;
    }

    /**
     * One symbolic step after the set-up phase, then Ctrl, Alt, Del pressed (normal reports) and
     * the device removed, the port driver answering lt: 5 inputs.
     */
    public static int one(int phase, int k1, int a1, int l1, int lt) {
        if (phase < 0 || phase > 3 || bad(k1, a1, l1) || lt < 0 || lt > 2) {
            return -1;
        }
        Kernel k = new Kernel();
        KbFilter f = setUp(k, phase);
        int r = step(k, f, k1, a1, l1);
        r = r * 10 + step(k, f, 4, KbFilter.SC_CTRL_MAKE, 0);
        r = r * 10 + step(k, f, 4, KbFilter.SC_ALT_MAKE, 0);
        r = r * 10 + step(k, f, 4, KbFilter.SC_DEL_MAKE, 0);
        r = r * 10 + step(k, f, KbFilter.IRP_MJ_PNP, KbFilter.PNP_REMOVE, lt);
        return r;
    }

    /** Two symbolic steps after the set-up phase: 7 inputs. */
    public static int run(int phase, int k1, int a1, int l1, int k2, int a2, int l2) {
        if (phase < 0 || phase > 3 || bad(k1, a1, l1) || bad(k2, a2, l2)) {
            return -1;
        }
        Kernel k = new Kernel();
        KbFilter f = setUp(k, phase);
        int r = step(k, f, k1, a1, l1);
        r = r * 10 + step(k, f, k2, a2, l2);
        return r;
    }

    /** Three symbolic requests in sequence (the scaling configuration). */
    public static int run3(int phase, int k1, int a1, int l1, int k2, int a2, int l2, int k3, int a3, int l3) {
        if (phase < 0 || phase > 3 || bad(k1, a1, l1) || bad(k2, a2, l2) || bad(k3, a3, l3)) {
            return -1;
        }
        Kernel k = new Kernel();
        KbFilter f = setUp(k, phase);
        int r = step(k, f, k1, a1, l1);
        r = r * 10 + step(k, f, k2, a2, l2);
        r = r * 10 + step(k, f, k3, a3, l3);
        return r;
    }
}
