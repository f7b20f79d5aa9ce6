/*
 * A disk performance filter driver model. It sits above a disk and counts the reads and writes
 * that go through it (requests, sectors, errors, split transfers, queue depth) while counting
 * is enabled, by an IOCTL or through WMI; enables nest. Reads and writes are passed down with
 * a completion routine that does the counting; start, length queries and counter queries are
 * forwarded synchronously; power IRPs go down with PoCallDriver; the rest is passed through.
 */
package diskperf;

final class DiskPerf {
    static final int IRP_MJ_READ = 0, IRP_MJ_WRITE = 1, IRP_MJ_DEVICE_CONTROL = 2, IRP_MJ_PNP = 3,
            IRP_MJ_POWER = 4, IRP_MJ_SYSTEM_CONTROL = 5;
    static final int IOCTL_PERF_QUERY = 0, IOCTL_PERF_ENABLE = 1, IOCTL_PERF_DISABLE = 2,
            IOCTL_GET_LENGTH = 3;
    static final int PNP_START = 0, PNP_REMOVE = 1, PNP_QUERY_REMOVE = 2, PNP_STOP = 3;
    static final int POWER_SLEEP = 0, POWER_WAKE = 1;
    static final int WMI_QUERY = 0, WMI_ENABLE = 1, WMI_DISABLE = 2;
    static final int ROUTINE_SIGNAL = 1, ROUTINE_IO = 2, ROUTINE_POWER = 3;
    static final int SECTOR = 512, MAX_TRANSFER = 4, DISK_SECTORS = 6;

    final Kernel k;

    int started, removed, wmiRegistered, powered = 1;
    int enableCount;
    int queueDepth, maxQueueDepth;
    int issued, completed, reads, writes, errors, splits;
    int bytesRead, bytesWritten;
    int lengthValid, diskLength;
    int ioSectors, ioWrite;
    int queried, snapshotDone;

    DiskPerf(Kernel k) {
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
        switch (major) {
            case IRP_MJ_READ:
                return readWrite(0, arg);
            case IRP_MJ_WRITE:
                return readWrite(1, arg);
            case IRP_MJ_DEVICE_CONTROL:
                return deviceControl(arg);
            case IRP_MJ_PNP:
                return pnp(arg);
            case IRP_MJ_POWER:
                return power(arg);
            default:
                return systemControl(arg);
        }
    }

    private int readWrite(int write, int sectors) {
        if (powered == 0) {
            return finish(Kernel.STATUS_DEVICE_NOT_READY);
        }
        if (lengthValid == 1 && sectors > diskLength) {
            return finish(Kernel.STATUS_INVALID_PARAMETER);
        }
        if (enableCount == 0 || sectors == 0) {
            return passDown();
        }
        issued++;
        queueDepth++;
        if (queueDepth > maxQueueDepth) {
            maxQueueDepth = queueDepth;
        }
        ioSectors = sectors;
        ioWrite = write;
        k.setCompletionRoutine(ROUTINE_IO);
        return k.callDriver();
    }

    private int deviceControl(int code) {
        int st;
        switch (code) {
            case IOCTL_PERF_QUERY:
                if (enableCount == 0) {
                    return finish(Kernel.STATUS_INVALID_DEVICE_REQUEST);
                }
                return finish(snapshot());
            case IOCTL_PERF_ENABLE:
                enable();
                return finish(Kernel.STATUS_SUCCESS);
            case IOCTL_PERF_DISABLE:
                return finish(disable());
            case IOCTL_GET_LENGTH:
                st = forwardAndWait();
                if (st == Kernel.STATUS_SUCCESS) {
                    lengthValid = 1;
                    diskLength = DISK_SECTORS;
                } else {
                    lengthValid = 0;
                }
                return finish(st);
            default:
                return passDown();
        }
    }

    private int pnp(int minor) {
        int st;
        switch (minor) {
            case PNP_START:
                st = forwardAndWait();
                if (st == Kernel.STATUS_SUCCESS) {
                    started = 1;
                    wmiRegistered = 1;
                }
                return finish(st);
            case PNP_REMOVE:
                wmiRegistered = 0;
                enableCount = 0;
                resetCounters();
                removed = 1;
                started = 0;
                return passDown();
            case PNP_QUERY_REMOVE:
                if (queueDepth > 0) {
                    return finish(Kernel.STATUS_INVALID_DEVICE_REQUEST);
                }
                return passDown();
            case PNP_STOP:
                started = 0;
                lengthValid = 0;
                return passDown();
            default:
                return passDown();
        }
    }

    private int power(int minor) {
        if (minor == POWER_WAKE) {
            k.markPending();
            k.setCompletionRoutine(ROUTINE_POWER);
            k.poCallDriver();
            return Kernel.STATUS_PENDING;
        }
        if (minor == POWER_SLEEP) {
            powered = 0;
        }
        k.startNextPowerIrp();
        k.skipCurrentStackLocation();
        return k.poCallDriver();
    }

    private int systemControl(int minor) {
        if (wmiRegistered == 0) {
            return passDown();
        }
        switch (minor) {
            case WMI_QUERY:
                return finish(enableCount == 0 ? Kernel.STATUS_INVALID_DEVICE_REQUEST : snapshot());
            case WMI_ENABLE:
                enable();
                return finish(Kernel.STATUS_SUCCESS);
            case WMI_DISABLE:
                return finish(disable());
            default:
                return passDown();
        }
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
        if (routine == ROUTINE_POWER) {
            k.startNextPowerIrp();
            if (status == Kernel.STATUS_SUCCESS) {
                powered = 1;
            }
            return status;
        }
        assert queueDepth > 0 : "I/O completion without an outstanding request";
        queueDepth--;
        completed++;
        if (status == Kernel.STATUS_SUCCESS) {
            if (ioSectors > MAX_TRANSFER) {
                splits++;
            }
            if (ioWrite == 1) {
                writes++;
                bytesWritten += ioSectors * SECTOR;
            } else {
                reads++;
                bytesRead += ioSectors * SECTOR;
            }
        } else {
            errors++;
        }
        if (pendingReturned) {
            k.propagatePending();
        }
        return status;
    }

    private int snapshot() {
        queried = reads + writes + errors;
        snapshotDone = completed;
        return Kernel.STATUS_SUCCESS;
    }

    private void enable() {
        enableCount++;
        if (enableCount == 1) {
            resetCounters();
        }
    }

    private int disable() {
        if (enableCount == 0) {
            return Kernel.STATUS_INVALID_DEVICE_REQUEST;
        }
        enableCount--;
        if (enableCount == 0) {
            resetCounters();
        }
        return Kernel.STATUS_SUCCESS;
    }

    private void resetCounters() {
        issued = 0; completed = 0; reads = 0; writes = 0; errors = 0; splits = 0;
        bytesRead = 0; bytesWritten = 0; maxQueueDepth = 0; queried = 0; snapshotDone = 0;
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

    /** The counters' invariants, checked between IRPs. */
    void checkInvariants() {
        assert queueDepth == 0 : "a request is still counted as outstanding";
        assert enableCount >= 0 : "negative enable count";
        assert issued == completed + queueDepth : "issued requests not accounted for";
        assert completed == reads + writes + errors : "completed requests not classified";
        assert queried == snapshotDone : "snapshot inconsistent";
        assert enableCount > 0 || (issued == 0 && bytesRead == 0 && bytesWritten == 0)
                : "counting while disabled";
        assert bytesRead >= reads * SECTOR && bytesRead <= reads * SECTOR * 7 : "read bytes out of range";
        assert bytesWritten >= writes * SECTOR && bytesWritten <= writes * SECTOR * 7
                : "written bytes out of range";
        assert splits <= reads + writes : "more splits than transfers";
        assert maxQueueDepth <= 1 : "queue depth above one with one IRP at a time";
        assert removed == 0 || (wmiRegistered == 0 && enableCount == 0) : "removed device still counting";
    }
}
