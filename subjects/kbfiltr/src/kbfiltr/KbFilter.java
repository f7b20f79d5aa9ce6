/*
 * A keyboard filter driver model. It sits between the keyboard class driver above and the
 * keyboard port driver below. It intercepts the connect request (the class driver hands over
 * its service callback, which the filter keeps and replaces with its own), refuses disconnects,
 * hooks the port's interrupt routine, tracks the keyboard indicators, and sees every scan code
 * the port reports through its service callback, where it recognises Ctrl+Alt+Del (left or
 * right Ctrl, with or without the E0 prefix) and swallows it for the secure attention handler.
 */
package kbfiltr;

final class KbFilter {
    static final int IRP_MJ_CREATE_CLOSE = 0, IRP_MJ_INTERNAL_DEVICE_CONTROL = 1, IRP_MJ_PNP = 2,
            IRP_MJ_POWER = 3;
    static final int IOCTL_CONNECT = 0, IOCTL_DISCONNECT = 1, IOCTL_HOOK = 2, IOCTL_QUERY_ATTRIBUTES = 3,
            IOCTL_SET_INDICATORS = 4;
    static final int PNP_START = 0, PNP_REMOVE = 1, PNP_SURPRISE_REMOVAL = 2, PNP_STOP = 3;
    static final int POWER_SLEEP = 0, POWER_WAKE = 1;
    static final int SC_E0 = 0, SC_CTRL_MAKE = 1, SC_CTRL_BREAK = 2, SC_ALT_MAKE = 3, SC_ALT_BREAK = 4,
            SC_DEL_MAKE = 5, SC_KEY_MAKE = 6, SC_KEY_BREAK = 7;
    static final int REPORT_NORMAL = 0, REPORT_TYPEMATIC = 1, REPORT_OVERRUN = 2;
    static final int ROUTINE_SIGNAL = 1, ROUTINE_INDICATORS = 2;

    final Kernel k;

    int started, removed, connected, hooked, powered = 1;
    int leds, pendingLeds;

    // the service callback's state
    int prefix;
    int lctrl, rctrl, alt, keysDown;
    int received, delivered, swallowed, dropped, prefixes, sasCount;
    int lastCode = -1;

    KbFilter(Kernel k) {
        this.k = k;
        k.filter = this;
    }

    int dispatch(int major, int arg) {
        if (removed == 1) {
            if (major == IRP_MJ_POWER) {
                k.startNextPowerIrp();
            }
            return finish(Kernel.STATUS_DELETE_PENDING);
        }
        if (major == IRP_MJ_CREATE_CLOSE) {
            if (connected == 0) {
                return finish(Kernel.STATUS_DEVICE_NOT_CONNECTED);
            }
            return passDown();
        }
        if (major == IRP_MJ_INTERNAL_DEVICE_CONTROL) {
            return internalIoctl(arg);
        }
        if (major == IRP_MJ_PNP) {
            return pnp(arg);
        }
        return power(arg);
    }

    private int internalIoctl(int code) {
        int st;
        switch (code) {
            case IOCTL_CONNECT:
                if (connected == 1) {
                    return finish(Kernel.STATUS_SHARING_VIOLATION);
                }
                if (started == 0) {
                    return finish(Kernel.STATUS_INVALID_DEVICE_STATE);
                }
                connected = 1;
                st = forwardAndWait();
                if (st != Kernel.STATUS_SUCCESS) {
                    connected = 0;
                }
                return finish(st);
            case IOCTL_DISCONNECT:
                return finish(Kernel.STATUS_NOT_IMPLEMENTED);
            case IOCTL_HOOK:
                if (connected == 0) {
                    return finish(Kernel.STATUS_INVALID_DEVICE_STATE);
                }
                hooked = 1;
                st = passDown();
                if (st != Kernel.STATUS_SUCCESS && st != Kernel.STATUS_PENDING) {
                    hooked = 0;
                }
                return st;
            case IOCTL_SET_INDICATORS:
                pendingLeds = (leds + 1) & 7;
                k.setCompletionRoutine(ROUTINE_INDICATORS);
                return k.callDriver();
            default:
                return passDown();
        }
    }

    private int pnp(int minor) {
        switch (minor) {
            case PNP_START:
                int st = forwardAndWait();
                if (st == Kernel.STATUS_SUCCESS) {
                    started = 1;
                    powered = 1;
                }
                return finish(st);
            case PNP_REMOVE:
                removed = 1;
                connected = 0;
                hooked = 0;
                started = 0;
                resetKeys();
                return passDown();
            case PNP_SURPRISE_REMOVAL:
            case PNP_STOP:
                started = 0;
                resetKeys();
                return passDown();
            default:
                return passDown();
        }
    }

    private int power(int minor) {
        k.startNextPowerIrp();
        if (minor == POWER_SLEEP) {
            powered = 0;
            resetKeys();
        }
        int st = passDown();
        if (minor == POWER_WAKE && (st == Kernel.STATUS_SUCCESS || st == Kernel.STATUS_PENDING)) {
            powered = 1;
        }
        return st;
    }

    /** Completion routines. */
    int completion(int routine, boolean pendingReturned, int status) {
        if (routine == ROUTINE_SIGNAL) {
            if (pendingReturned) {
                k.setEvent();
            }
            k.myStatus = status;
            return Kernel.STATUS_MORE_PROCESSING_REQUIRED;
        }
        if (status == Kernel.STATUS_SUCCESS) {
            leds = pendingLeds;
        }
        if (pendingReturned) {
            k.propagatePending();
        }
        return status;
    }

    /**
     * The filter's service callback: one scan code byte from the port (report: normal, a
     * typematic repeat, or an overrun that lost the byte). Returns 0 delivered upward, 1 kept
     * (prefix byte or swallowed secure attention), 2 dropped.
     */
    int keystroke(int code, int report) {
        assert k.inIrp == 0 : "service callback inside a dispatch routine";
        received++;
        int ext = prefix;
        lastCode = code;
        if (connected == 0 || started == 0 || powered == 0 || report == REPORT_OVERRUN) {
            dropped++;
            prefix = 0;
            return 2;
        }
        if (code == SC_E0) {
            prefixes++;
            prefix = 1;
            return 1;
        }
        prefix = 0;
        switch (code) {
            case SC_CTRL_MAKE:
                if (ext == 1) {
                    rctrl = 1;
                } else {
                    lctrl = 1;
                }
                break;
            case SC_CTRL_BREAK:
                if (ext == 1) {
                    rctrl = 0;
                } else {
                    lctrl = 0;
                }
                break;
            case SC_ALT_MAKE:
                alt = 1;
                break;
            case SC_ALT_BREAK:
                alt = 0;
                break;
            case SC_DEL_MAKE:
                if ((lctrl == 1 || rctrl == 1) && alt == 1) {
                    swallowed++;
                    sasCount++;
                    resetKeys();
                    return 1;
                }
                break;
            case SC_KEY_MAKE:
                if (report != REPORT_TYPEMATIC || keysDown == 0) {
                    keysDown++;
                }
                break;
            default:
                if (keysDown == 0) {
                    dropped++;
                    return 2;
                }
                keysDown--;
                break;
        }
        deliver();
        return 0;
    }

    private void deliver() {
        assert connected == 1 && started == 1 && powered == 1 : "packet for a class driver that is not connected";
        delivered++;
    }

    private void resetKeys() {
        lctrl = 0;
        rctrl = 0;
        alt = 0;
        keysDown = 0;
        prefix = 0;
    }

    private int forwardAndWait() {
        k.setCompletionRoutine(ROUTINE_SIGNAL);
        int st = k.callDriver();
        if (st == Kernel.STATUS_PENDING) {
            k.waitForEvent();
            st = k.myStatus;
        }
        return st;
    }

    private int passDown() {
        k.skipCurrentStackLocation();
        return k.callDriver();
    }

    private int finish(int status) {
        k.completeRequest(status);
        return status;
    }

    /** The filter's invariants, checked after every IRP and every scan code. */
    void checkInvariants() {
        assert received == delivered + swallowed + dropped + prefixes : "scan codes not accounted for";
        assert prefix == 0 || lastCode == SC_E0 : "E0 prefix left over after a complete scan code";
        assert sasCount == swallowed : "swallowed a scan code that was not a secure attention";
        assert keysDown >= 0 : "more keys released than pressed";
        assert hooked == 0 || connected == 1 : "interrupt hook without a connection";
        assert (connected == 1 && started == 1 && powered == 1) || lctrl + rctrl + alt + keysDown == 0
                : "keys held on a keyboard that cannot report";
        assert removed == 0 || (connected == 0 && started == 0) : "removed filter still connected";
        assert leds >= 0 && leds <= 7 : "indicator bits out of range";
    }
}
