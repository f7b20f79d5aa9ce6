/*
 * The I/O manager as the keyboard filter sees it: one IRP in flight at a time, passed down to
 * the keyboard port driver, whose answer is an input of the run.
 *
 * The tracked IRP's state: NP untouched, DC completed by the filter, SKIP1/SKIP2 stack
 * location skipped / then passed down, IPC passed down with the filter's own stack location
 * (a completion routine may be set; the model runs it inside callDriver, and a pending answer
 * finishes later with success). endIrp checks the dispatch rules and returns the tracker to NP.
 */
package kbfiltr;

final class Kernel {
    static final int STATUS_SUCCESS = 0;
    static final int STATUS_PENDING = 0x103;
    static final int STATUS_NOT_IMPLEMENTED = 0xC0000002;
    static final int STATUS_MORE_PROCESSING_REQUIRED = 0xC0000016;
    static final int STATUS_SHARING_VIOLATION = 0xC0000043;
    static final int STATUS_DELETE_PENDING = 0xC0000056;
    static final int STATUS_DEVICE_NOT_CONNECTED = 0xC000009D;
    static final int STATUS_INVALID_DEVICE_STATE = 0xC0000184;

    static final int NP = 0, DC = 1, SKIP1 = 2, SKIP2 = 3, IPC = 6;

    int s = NP;
    int pended, compRegistered, routine, lowerDriverReturn;
    int setEventCalled, myStatus, completions, owned;
    int powerIrp, startNextCalled;
    int lowerResult;
    int inIrp;

    KbFilter filter;

    void beginIrp(int lower, boolean power) {
        assert s == NP && inIrp == 0 : "new IRP before the last one was finished";
        pended = 0; compRegistered = 0; routine = 0; lowerDriverReturn = 0;
        setEventCalled = 0; myStatus = 0; completions = 0; owned = 1;
        powerIrp = power ? 1 : 0; startNextCalled = 0; lowerResult = lower; inIrp = 1;
    }

    void skipCurrentStackLocation() {
        assert s == NP && compRegistered == 0 : "skip after the IRP was already handled";
        s = SKIP1;
    }

    void setCompletionRoutine(int r) {
        assert s == NP : "completion routine on a skipped or completed IRP";
        compRegistered = 1;
        routine = r;
    }

    /** IoMarkIrpPending from a completion routine that sees Irp->PendingReturned. */
    void propagatePending() {
        assert s == IPC && pended == 0 : "pending propagated on an IRP the filter did not pass down";
        pended = 1;
    }

    void startNextPowerIrp() {
        assert powerIrp == 1 : "PoStartNextPowerIrp for an IRP that is not a power IRP";
        startNextCalled = 1;
    }

    int callDriver() {
        assert owned == 1 : "passing down an IRP the filter does not own";
        if (s == NP) {
            s = IPC;
        } else if (s == SKIP1) {
            s = SKIP2;
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
        assert inIrp == 1 : "endIrp without an IRP";
        assert owned == 0 : "IRP neither completed nor passed on";
        assert completions <= 1 : "IRP completed more than once";
        if (pended == 1) {
            assert status == STATUS_PENDING : "marked pending but returned another status";
        }
        if (status == STATUS_PENDING) {
            assert pended == 1 || (s == SKIP2 && lowerDriverReturn == STATUS_PENDING)
                    : "returned STATUS_PENDING without marking the IRP pending";
        }
        if (s == SKIP2) {
            assert status == lowerDriverReturn : "skipped IRP must return the lower driver's status";
        }
        if (powerIrp == 1) {
            assert startNextCalled == 1 : "PoStartNextPowerIrp not called";
        }
        s = NP;
        inIrp = 0;
    }
}
