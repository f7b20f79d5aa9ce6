/*
 * The I/O manager as the CD audio filter sees it, reduced to one IRP in flight at a time.
 *
 * The tracked IRP moves through a small state machine:
 *   NP    nothing done to it yet (the driver owns it)
 *   DC    the driver completed it
 *   SKIP1 the driver skipped its stack location, SKIP2 and then passed it down
 *   MPR1  the driver marked it pending, MPR3 and then passed it down
 *   IPC   the driver passed it down with its own stack location (a completion routine may be set)
 * The lower driver's answer to a call is chosen by the caller of beginIrp (a symbolic input).
 * endIrp checks the rules every dispatch routine must keep and puts the tracker back to NP.
 */
package cdaudio;

final class Kernel {
    static final int STATUS_SUCCESS = 0;
    static final int STATUS_PENDING = 0x103;
    static final int STATUS_UNSUCCESSFUL = 0xC0000001;
    static final int STATUS_INVALID_DEVICE_REQUEST = 0xC0000010;
    static final int STATUS_MORE_PROCESSING_REQUIRED = 0xC0000016;
    static final int STATUS_DEVICE_NOT_READY = 0xC00000A3;
    static final int STATUS_DEVICE_BUSY = 0x80000011;
    static final int STATUS_DELETE_PENDING = 0xC0000056;

    static final int NP = 0, DC = 1, SKIP1 = 2, SKIP2 = 3, MPR1 = 4, MPR3 = 5, IPC = 6;

    // completion routines: SIGNAL sets the event and keeps the IRP (MORE_PROCESSING_REQUIRED),
    // POWER records the new power state and lets the IRP go on up
    static final int ROUTINE_NONE = 0, ROUTINE_SIGNAL = 1, ROUTINE_POWER = 2;

    int s = NP;
    int pended, compRegistered, routine, lowerDriverReturn;
    int setEventCalled, customIrp, myStatus;
    int completions, owned, waited;
    int lowerResult;     // what the lower driver answers for this IRP

    CdAudio driver;

    /** A new IRP arrives; lower is the status the lower driver will answer with. */
    void beginIrp(int lower) {
        assert s == NP : "tracker not back in NP when a new IRP arrives";
        pended = 0; compRegistered = 0; routine = ROUTINE_NONE; lowerDriverReturn = 0;
        setEventCalled = 0; customIrp = 0; myStatus = 0;
        completions = 0; owned = 1; waited = 0;
        lowerResult = lower;
    }

    void skipCurrentStackLocation() {
        assert s == NP : "skip after the IRP was already handled";
        s = SKIP1;
    }

    void markPending() {
        assert pended == 0 : "IRP marked pending twice";
        assert owned == 1 : "marking an IRP the driver no longer owns";
        pended = 1;
        if (s == NP) {
            s = MPR1;
        }
    }

    void setCompletionRoutine(int r) {
        assert s == NP || s == MPR1 : "completion routine set on a skipped or completed IRP";
        compRegistered = 1;
        routine = r;
    }

    /** IoCallDriver for the tracked IRP. */
    int callDriver() {
        assert owned == 1 : "passing down an IRP the driver does not own";
        if (s == NP) {
            s = IPC;
        } else if (s == SKIP1) {
            s = SKIP2;
        } else if (s == MPR1) {
            s = MPR3;
        } else {
            assert false : "IoCallDriver on a completed or already passed IRP";
        }
        owned = 0;
        int st = lowerResult;
        if (compRegistered == 1) {
            boolean pendingReturned = st == STATUS_PENDING;
            int fin = pendingReturned ? STATUS_SUCCESS : st;
            int r = driver.completion(routine, pendingReturned, fin);
            if (r == STATUS_MORE_PROCESSING_REQUIRED) {
                owned = 1;
            }
        }
        lowerDriverReturn = st;
        return st;
    }

    /** A request the driver builds itself and sends synchronously (waits on its own event). */
    int sendCustomIrp() {
        assert customIrp == 0 : "custom IRP already outstanding";
        assert owned == 1 : "custom request while the tracked IRP is gone";
        customIrp = 1;
        int st = lowerResult;
        if (st == STATUS_PENDING) {
            setEventCalled = 1;      // the custom IRP's completion routine
            waitForEvent();
            st = STATUS_SUCCESS;
        }
        customIrp = 0;
        return st;
    }

    void setEvent() { setEventCalled = 1; }

    void waitForEvent() {
        assert setEventCalled == 1 : "waiting on an event nobody will set";
        waited = 1;
    }

    void completeRequest(int status) {
        assert status != STATUS_PENDING : "completing with STATUS_PENDING";
        assert owned == 1 : "completing an IRP the driver does not own";
        assert completions == 0 : "IRP completed twice";
        completions++;
        owned = 0;
        if (s == NP) {
            s = DC;
        }
    }

    /** The dispatch routine returned status: the IRP protocol rules. */
    void endIrp(int status) {
        assert owned == 0 : "IRP neither completed nor passed on";
        assert customIrp == 0 : "custom IRP left outstanding";
        if (pended == 1) {
            assert status == STATUS_PENDING : "marked pending but returned another status";
        }
        if (status == STATUS_PENDING) {
            assert pended == 1 || ((s == SKIP2 || s == IPC) && lowerDriverReturn == STATUS_PENDING)
                    : "returned STATUS_PENDING without marking the IRP pending";
        }
        if (s == SKIP2) {
            assert status == lowerDriverReturn : "skipped IRP must return the lower driver's status";
        }
        if (waited == 1) {
            assert setEventCalled == 1 : "waited without the event being set";
        }
        s = NP;
    }
}
