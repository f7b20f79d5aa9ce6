/*
 * A floppy disk driver model. Reads, writes and the IOCTLs that touch the hardware are marked
 * pending and handed to a worker thread, which acquires the floppy controller, spins up the
 * motor, asks the controller driver below and completes the request. Between a PnP query-stop
 * and the matching start or cancel-stop such requests are held back in a list; a removal
 * cancels them. Formatting runs synchronously in the dispatch routine. After the machine wakes
 * the media may have changed, and requests fail with STATUS_VERIFY_REQUIRED until a
 * check-verify.
 */
package floppy;

final class Floppy {
    static final int IRP_MJ_CREATE_CLOSE = 0, IRP_MJ_READ = 1, IRP_MJ_WRITE = 2, IRP_MJ_DEVICE_CONTROL = 3,
            IRP_MJ_PNP = 4, IRP_MJ_POWER = 5;
    static final int IOCTL_GET_MEDIA_TYPES = 0, IOCTL_CHECK_VERIFY = 1, IOCTL_FORMAT_TRACKS = 2,
            IOCTL_GET_DRIVE_GEOMETRY = 3, IOCTL_IS_WRITABLE = 4;
    static final int PNP_START = 0, PNP_QUERY_STOP = 1, PNP_CANCEL_STOP = 2, PNP_STOP = 3, PNP_REMOVE = 4;
    static final int POWER_SLEEP = 0, POWER_WAKE = 1;
    static final int HOLD_MAX = 3;
    static final int MEDIA_144 = 2;

    final Kernel k;

    int started, removed, powered = 1, openCount;
    int queueHeld, mediaChanged, writeProtected, mediaType;
    int controllerAcquired, motorOn;
    final int[] held = new int[HOLD_MAX];
    final int[] work = new int[Kernel.SLOTS];
    int holdCount, workCount;
    final int[] kindOf = new int[Kernel.SLOTS];

    Floppy(Kernel k) {
        this.k = k;
        k.fdo = this;
    }

    int dispatch(int major, int arg) {
        if (removed == 1) {
            if (major == IRP_MJ_POWER) {
                k.startNextPowerIrp();
            }
            return finish(Kernel.STATUS_DELETE_PENDING);
        }
        switch (major) {
            case IRP_MJ_CREATE_CLOSE:
                if (arg == 0) {
                    if (started == 0) {
                        return finish(Kernel.STATUS_DEVICE_NOT_READY);
                    }
                    openCount++;
                } else if (openCount > 0) {
                    openCount--;
                }
                return finish(Kernel.STATUS_SUCCESS);
            case IRP_MJ_READ:
            case IRP_MJ_WRITE:
                if (started == 0 || powered == 0) {
                    return finish(Kernel.STATUS_DEVICE_NOT_READY);
                }
                if (arg == 0) {
                    return finish(Kernel.STATUS_SUCCESS);
                }
                if (major == IRP_MJ_WRITE && writeProtected == 1) {
                    return finish(Kernel.STATUS_MEDIA_WRITE_PROTECTED);
                }
                return toThread(major);
            case IRP_MJ_DEVICE_CONTROL:
                return deviceControl(arg);
            case IRP_MJ_PNP:
                return pnp(arg);
            default:
                return power(arg);
        }
    }

    private int deviceControl(int code) {
        if (code == IOCTL_GET_MEDIA_TYPES) {
            return finish(Kernel.STATUS_SUCCESS);
        }
        if (code > IOCTL_IS_WRITABLE) {
            k.skipCurrentStackLocation();
            return k.callDriver();
        }
        if (started == 0 || powered == 0) {
            return finish(Kernel.STATUS_DEVICE_NOT_READY);
        }
        if (code != IOCTL_FORMAT_TRACKS) {
            return toThread(IRP_MJ_DEVICE_CONTROL + 10 * code);
        }
        // formatting: done here, holding the controller for the whole operation
        acquireController();
        motorOn = 1;
        if (writeProtected == 1) {
            return finish(Kernel.STATUS_MEDIA_WRITE_PROTECTED);
        }
        k.setCompletionRoutine();
        int st = k.callDriver();
        if (st == Kernel.STATUS_PENDING) {
            k.waitForEvent();
            st = k.myStatus;
        }
        if (st == Kernel.STATUS_SUCCESS) {
            mediaType = MEDIA_144;
            mediaChanged = 0;
        } else if (st == Kernel.STATUS_MEDIA_WRITE_PROTECTED) {
            writeProtected = 1;
        }
        motorOn = 0;
        releaseController();
        return finish(st);
    }

    private int pnp(int minor) {
        int st;
        switch (minor) {
            case PNP_START:
            case PNP_CANCEL_STOP:
                k.setCompletionRoutine();
                st = k.callDriver();
                if (st == Kernel.STATUS_PENDING) {
                    k.waitForEvent();
                    st = k.myStatus;
                }
                if (st == Kernel.STATUS_SUCCESS) {
                    if (minor == PNP_START) {
                        started = 1;
                    }
                    releaseHeld();
                }
                return finish(st);
            case PNP_QUERY_STOP:
                queueHeld = 1;
                k.skipCurrentStackLocation();
                st = k.callDriver();
                if (st != Kernel.STATUS_SUCCESS && st != Kernel.STATUS_PENDING) {
                    releaseHeld();
                }
                return st;
            case PNP_STOP:
                started = 0;
                k.skipCurrentStackLocation();
                return k.callDriver();
            case PNP_REMOVE:
                for (int j = 0; j < holdCount; j++) {
                    k.completeQueued(held[j], Kernel.STATUS_DELETE_PENDING);
                }
                holdCount = 0;
                queueHeld = 0;
                removed = 1;
                started = 0;
                k.skipCurrentStackLocation();
                return k.callDriver();
            default:
                k.skipCurrentStackLocation();
                return k.callDriver();
        }
    }

    private int power(int minor) {
        if (minor == POWER_SLEEP) {
            powered = 0;
        } else if (minor == POWER_WAKE) {
            powered = 1;
            mediaChanged = 1;    // the door may have been opened while the machine slept
        }
        k.startNextPowerIrp();
        k.skipCurrentStackLocation();
        return k.callDriver();
    }

    /** Marks the IRP pending and queues it for the worker thread, or holds it back. */
    private int toThread(int kind) {
        if (queueHeld == 1 && holdCount == HOLD_MAX) {
            return finish(Kernel.STATUS_DEVICE_BUSY);
        }
        k.markPending();
        int i = k.queue();
        kindOf[i] = kind;
        if (queueHeld == 1) {
            held[holdCount++] = i;
        } else {
            work[workCount++] = i;
        }
        return Kernel.STATUS_PENDING;
    }

    private void releaseHeld() {
        for (int j = 0; j < holdCount; j++) {
            work[workCount++] = held[j];
        }
        holdCount = 0;
        queueHeld = 0;
    }

    /** The worker thread: runs after every dispatch, until its queue is empty. */
    void runThread() {
        for (int j = 0; j < workCount; j++) {
            process(work[j]);
        }
        workCount = 0;
    }

    private void process(int i) {
        int kind = kindOf[i];
        int st = k.slotLower[i];
        if (st == Kernel.STATUS_PENDING) {
            st = Kernel.STATUS_SUCCESS;      // the thread waits for the controller driver
        }
        acquireController();
        motorOn = 1;
        if (kind == IRP_MJ_DEVICE_CONTROL + 10 * IOCTL_CHECK_VERIFY) {
            k.completeQueued(i, mediaChanged == 1 ? Kernel.STATUS_VERIFY_REQUIRED : st);
            mediaChanged = 0;
        } else {
            if (mediaChanged == 1) {
                // the volume must be verified before any transfer
                k.completeQueued(i, Kernel.STATUS_VERIFY_REQUIRED);
            }
            if (kind == IRP_MJ_WRITE && st == Kernel.STATUS_MEDIA_WRITE_PROTECTED) {
                writeProtected = 1;
                k.completeQueued(i, st);
            } else if (mediaChanged == 0) {
                if (st == Kernel.STATUS_SUCCESS && kind == IRP_MJ_DEVICE_CONTROL + 10 * IOCTL_GET_DRIVE_GEOMETRY) {
                    mediaType = MEDIA_144;
                }
                if (kind == IRP_MJ_DEVICE_CONTROL + 10 * IOCTL_IS_WRITABLE && st == Kernel.STATUS_MEDIA_WRITE_PROTECTED) {
                    writeProtected = 1;
                }
                k.completeQueued(i, st);
            }
        }
        motorOn = 0;
        releaseController();
    }

    private void acquireController() {
        assert controllerAcquired == 0 : "controller acquired twice";
        controllerAcquired = 1;
    }

    private void releaseController() {
        assert controllerAcquired == 1 : "controller released but not held";
        controllerAcquired = 0;
    }

    private int finish(int status) {
        k.completeRequest(status);
        return status;
    }

    /** The driver's invariants, checked after every IRP once the worker thread is idle. */
    void checkInvariants() {
        assert controllerAcquired == 0 : "controller still acquired after the request";
        assert motorOn == 0 : "motor left running with the controller free";
        assert workCount == 0 : "worker thread left requests behind";
        assert k.outstanding == holdCount : "pending IRPs not accounted for";
        assert queueHeld == 1 || holdCount == 0 : "IRPs held while the queue runs";
        assert removed == 0 || (started == 0 && holdCount == 0) : "removed device still holding IRPs";
        assert openCount >= 0 : "negative open count";
    }
}
