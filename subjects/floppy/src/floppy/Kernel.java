/*
 * The I/O manager as the floppy driver sees it. One IRP is dispatched at a time; the driver
 * may complete it, pass it down (to the floppy controller driver, whose answer is an input of
 * the run), or mark it pending and keep it in one of its queues (a slot of the table below),
 * to complete it later from its worker thread.
 *
 * The dispatched IRP's state: NP untouched, DC completed, SKIP1/SKIP2 stack location skipped /
 * then passed down, MPR1 marked pending, QUEUED marked pending and queued, IPC passed down with
 * a completion routine. endIrp checks the dispatch rules and returns the tracker to NP.
 */
package floppy;

final class Kernel {
    static final int STATUS_SUCCESS = 0;
    static final int STATUS_PENDING = 0x103;
    static final int STATUS_DEVICE_BUSY = 0x80000011;
    static final int STATUS_VERIFY_REQUIRED = 0x80000016;
    static final int STATUS_DELETE_PENDING = 0xC0000056;
    static final int STATUS_DEVICE_NOT_READY = 0xC00000A3;
    static final int STATUS_MEDIA_WRITE_PROTECTED = 0xC00000A2;

    static final int NP = 0, DC = 1, SKIP1 = 2, SKIP2 = 3, MPR1 = 4, QUEUED = 5, IPC = 6;
    static final int SLOTS = 4;

    int s = NP;
    int pended, compRegistered, lowerDriverReturn;
    int setEventCalled, myStatus, completions, owned;
    int powerIrp, startNextCalled;
    int lowerResult;

    // IRPs the driver keeps: 0 free, 1 pending in a queue; their lower driver's answers
    final int[] slot = new int[SLOTS];
    final int[] slotLower = new int[SLOTS];
    int outstanding;

    Floppy fdo;

    void beginIrp(int lower, boolean power) {
        assert s == NP : "tracker not back in NP when a new IRP arrives";
        pended = 0; compRegistered = 0; lowerDriverReturn = 0;
        setEventCalled = 0; myStatus = 0; completions = 0; owned = 1;
        powerIrp = power ? 1 : 0; startNextCalled = 0; lowerResult = lower;
    }

    void skipCurrentStackLocation() {
        assert s == NP : "skip after the IRP was already handled";
        s = SKIP1;
    }

    void markPending() {
        assert pended == 0 && owned == 1 : "IRP marked pending twice or not owned";
        pended = 1;
        s = MPR1;
    }

    /** Puts the dispatched IRP into a free slot; the caller keeps the slot number. */
    int queue() {
        assert owned == 1 : "queueing an IRP the driver does not own";
        int i = 0;
        while (slot[i] != 0) {
            i++;
        }
        slot[i] = 1;
        slotLower[i] = lowerResult;
        outstanding++;
        owned = 0;
        s = QUEUED;
        return i;
    }

    /** IoCompleteRequest on a queued IRP (from the worker thread or a cancel). */
    void completeQueued(int i, int status) {
        assert slot[i] == 1 : "queued IRP completed twice";
        assert status != STATUS_PENDING : "completing with STATUS_PENDING";
        slot[i] = 0;
        outstanding--;
    }

    void startNextPowerIrp() {
        assert powerIrp == 1 : "PoStartNextPowerIrp for an IRP that is not a power IRP";
        startNextCalled = 1;
    }

    /** IoCallDriver; a set completion routine signals the driver's event and keeps the IRP. */
    int callDriver() {
        assert owned == 1 : "passing down an IRP the driver does not own";
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
            if (st == STATUS_PENDING) {
                setEventCalled = 1;
            }
            myStatus = st == STATUS_PENDING ? STATUS_SUCCESS : st;
            owned = 1;
        }
        return st;
    }

    void setCompletionRoutine() {
        assert s == NP : "completion routine on a skipped, queued or completed IRP";
        compRegistered = 1;
    }

    void waitForEvent() {
        assert setEventCalled == 1 : "waiting on an event nobody will set";
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

    void endIrp(int status) {
        assert owned == 0 : "IRP neither completed, queued nor passed on";
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
    }
}
