/*
 * The I/O manager as a disk filter sees it: one IRP in flight at a time, passed down to a lower
 * (disk class) driver whose answer is an input of the run.
 *
 * The tracked IRP's state: NP untouched, DC completed by the filter, SKIP1/SKIP2 stack
 * location skipped / then passed down, MPR1/MPR3 marked pending / then passed down, IPC passed
 * down with the filter's own stack location. A completion routine set on the IRP runs when the
 * lower driver is done; the model runs it inside callDriver (a pending answer finishes with
 * success). endIrp checks the dispatch rules and puts the tracker back to NP.
 */
package diskperf;

final class Kernel {
    static final int STATUS_SUCCESS = 0;
    static final int STATUS_PENDING = 0x103;
    static final int STATUS_INVALID_DEVICE_REQUEST = 0xC0000010;
    static final int STATUS_INVALID_PARAMETER = 0xC000000D;
    static final int STATUS_MORE_PROCESSING_REQUIRED = 0xC0000016;
    static final int STATUS_DEVICE_NOT_READY = 0xC00000A3;
    static final int STATUS_IO_DEVICE_ERROR = 0xC0000185;
    static final int STATUS_DELETE_PENDING = 0xC0000056;

    static final int NP = 0, DC = 1, SKIP1 = 2, SKIP2 = 3, MPR1 = 4, MPR3 = 5, IPC = 6;

    int s = NP;
    int pended, compRegistered, routine, lowerDriverReturn;
    int setEventCalled, myStatus, completions, owned;
    int powerIrp, startNextCalled;
    int lowerResult;

    DiskPerf filter;

    void beginIrp(int lower, boolean power) {
        assert s == NP : "tracker not back in NP when a new IRP arrives";
        pended = 0; compRegistered = 0; routine = 0; lowerDriverReturn = 0;
        setEventCalled = 0; myStatus = 0; completions = 0; owned = 1;
        powerIrp = power ? 1 : 0; startNextCalled = 0; lowerResult = lower;
    }

    void skipCurrentStackLocation() {
        assert s == NP : "skip after the IRP was already handled";
        s = SKIP1;
    }

    void markPending() {
        assert pended == 0 : "IRP marked pending twice";
        pended = 1;
        if (s == NP) {
            s = MPR1;
        }
    }

    /** IoMarkIrpPending from a completion routine that sees Irp->PendingReturned. */
    void propagatePending() {
        assert pended == 0 : "pending propagated on an IRP already marked";
        assert s == IPC : "pending propagated on an IRP the filter did not pass down";
        pended = 1;
    }

    void setCompletionRoutine(int r) {
        assert s == NP || s == MPR1 : "completion routine on a skipped or completed IRP";
        compRegistered = 1;
        routine = r;
    }

    void startNextPowerIrp() {
        assert powerIrp == 1 : "PoStartNextPowerIrp for an IRP that is not a power IRP";
        startNextCalled = 1;
    }

    int callDriver() {
        assert powerIrp == 0 : "power IRP sent with IoCallDriver";
        return send();
    }

    int poCallDriver() {
        assert powerIrp == 1 : "PoCallDriver for an IRP that is not a power IRP";
        return send();
    }

    private int send() {
        assert owned == 1 : "passing down an IRP the filter does not own";
        if (s == NP) {
            s = IPC;
        } else if (s == SKIP1) {
            s = SKIP2;
        } else if (s == MPR1) {
            s = MPR3;
        } else {
            assert false : "IRP passed down twice";
        }
        owned = 0;
        int st = lowerResult;
        lowerDriverReturn = st;
        if (compRegistered == 1) {
            boolean pendingReturned = st == STATUS_PENDING;
            int r = filter.completion(routine, pendingReturned, pendingReturned ? STATUS_SUCCESS : st);
            if (r == STATUS_MORE_PROCESSING_REQUIRED) {
                owned = 1;
            }
        }
        return st;
    }

    void setEvent() { setEventCalled = 1; }

    void waitForEvent() {
        assert setEventCalled == 1 : "waiting on an event nobody will set";
    }

    void completeRequest(int status) {
        assert status != STATUS_PENDING : "completing with STATUS_PENDING";
        assert owned == 1 : "completing an IRP the filter does not own";
        assert completions == 0 : "IRP completed twice";
        completions++;
        owned = 0;
        if (s == NP) {
            s = DC;
        }
    }

    void endIrp(int status) {
        assert owned == 0 : "IRP neither completed nor passed on";
        if (pended == 1) {
            assert status == STATUS_PENDING : "marked pending but returned another status";
        }
        if (status == STATUS_PENDING) {
            assert pended == 1 || (s == SKIP2 && lowerDriverReturn == STATUS_PENDING)
                    : "returned STATUS_PENDING without marking the IRP pending";
        }
        if (s == SKIP2 || (s == IPC && routine != DiskPerf.ROUTINE_SIGNAL)) {
            assert status == lowerDriverReturn : "passed-down IRP must return the lower driver's status";
        }
        if (powerIrp == 1) {
            assert startNextCalled == 1 : "PoStartNextPowerIrp not called";
        }
        s = NP;
    }
}
