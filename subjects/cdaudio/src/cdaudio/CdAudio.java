/*
 * A CD audio filter driver model: it sits above a CD-ROM class driver, turns audio requests
 * (read table of contents, play, pause, resume, stop, eject) into requests for the drive, and
 * passes everything else down. Two kinds of drive: one that pauses and resumes by itself, and
 * an older one where the filter emulates pause and resume with requests it builds on its own.
 *
 * Every dispatch routine either completes the IRP itself, forwards it and waits for it to come
 * back (completion routine ROUTINE_SIGNAL, then completes it), skips its stack location and
 * hands it down, or marks it pending and hands it down with a completion routine (power).
 */
package cdaudio;

final class CdAudio {
    static final int IRP_MJ_CREATE = 0, IRP_MJ_CLOSE = 1, IRP_MJ_DEVICE_CONTROL = 2, IRP_MJ_PNP = 3,
            IRP_MJ_POWER = 4;

    static final int IOCTL_READ_TOC = 0, IOCTL_PLAY = 1, IOCTL_PAUSE = 2, IOCTL_RESUME = 3,
            IOCTL_STOP = 4, IOCTL_EJECT = 5;

    static final int PNP_START = 0, PNP_QUERY_STOP = 1, PNP_STOP = 2, PNP_REMOVE = 3,
            PNP_SURPRISE_REMOVAL = 4;

    static final int POWER_SLEEP = 0, POWER_WAKE = 1;

    static final int IDLE = 0, PLAYING = 1, PAUSED = 2;
    static final int D0 = 0, D3 = 3;

    static final int KIND_SCSI2 = 0, KIND_LEGACY = 1;

    final Kernel k;
    final int kind;

    int started;
    int removed;
    int tocValid;
    int audio = IDLE;
    int openCount;
    int powerState = D0;
    int pendingPowerState = D0;
    int savedPosition;
    int position;

    CdAudio(Kernel k, int kind) {
        this.k = k;
        this.kind = kind;
        k.driver = this;
    }

    int dispatch(int major, int minor) {
        if (removed == 1 && major != IRP_MJ_CLOSE) {
            return finish(Kernel.STATUS_DELETE_PENDING);
        }
        if (major == IRP_MJ_CREATE) {
            if (started == 0) {
                return finish(Kernel.STATUS_DEVICE_NOT_READY);
            }
            openCount++;
            return finish(Kernel.STATUS_SUCCESS);
        }
        if (major == IRP_MJ_CLOSE) {
            if (openCount > 0) {
                openCount--;
            }
            if (openCount == 0 && audio != IDLE) {
                stopAudio();
            }
            return finish(Kernel.STATUS_SUCCESS);
        }
        if (major == IRP_MJ_DEVICE_CONTROL) {
            return deviceControl(minor);
        }
        if (major == IRP_MJ_PNP) {
            return pnp(minor);
        }
        return power(minor);
    }

    private int deviceControl(int code) {
        if (started == 0 || powerState != D0) {
            return finish(Kernel.STATUS_DEVICE_NOT_READY);
        }
        int st;
        switch (code) {
            case IOCTL_READ_TOC:
                if (audio != IDLE) {
                    return finish(Kernel.STATUS_DEVICE_BUSY);
                }
                st = forwardAndWait();
                tocValid = st == Kernel.STATUS_SUCCESS ? 1 : 0;
                return finish(st);
            case IOCTL_PLAY:
                if (tocValid == 0) {
                    return finish(Kernel.STATUS_INVALID_DEVICE_REQUEST);
                }
                st = forwardAndWait();
                if (st == Kernel.STATUS_SUCCESS) {
                    audio = PLAYING;
                    position = 1;
                }
                return finish(st);
            case IOCTL_PAUSE:
                if (audio != PLAYING) {
                    return finish(Kernel.STATUS_INVALID_DEVICE_REQUEST);
                }
                // a legacy drive cannot pause: remember where it is and stop it
                st = kind == KIND_LEGACY ? k.sendCustomIrp() : forwardAndWait();
                if (st == Kernel.STATUS_SUCCESS) {
                    savedPosition = position;
                    audio = PAUSED;
                }
                return finish(st);
            case IOCTL_RESUME:
                if (audio != PAUSED) {
                    return finish(Kernel.STATUS_INVALID_DEVICE_REQUEST);
                }
                // a legacy drive plays again from the saved position
                st = kind == KIND_LEGACY ? k.sendCustomIrp() : forwardAndWait();
                if (st == Kernel.STATUS_SUCCESS) {
                    position = savedPosition;
                    audio = PLAYING;
                }
                return finish(st);
            case IOCTL_STOP:
                if (audio == IDLE) {
                    return finish(Kernel.STATUS_SUCCESS);
                }
                st = forwardAndWait();
                if (st == Kernel.STATUS_SUCCESS) {
                    audio = IDLE;
                }
                return finish(st);
            default:
                // IOCTL_EJECT: stop the audio first, then let the class driver eject
                if (audio != IDLE) {
                    st = stopAudio();
                    if (st != Kernel.STATUS_SUCCESS) {
                        return finish(Kernel.STATUS_DEVICE_BUSY);
                    }
                }
                tocValid = 0;
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
                    powerState = D0;
                } else {
                    started = 0;
                    resetMedia();
                }
                return finish(st);
            case PNP_QUERY_STOP:
                if (openCount > 0 && audio != IDLE) {
                    return finish(Kernel.STATUS_DEVICE_BUSY);
                }
                return passDown();
            case PNP_STOP:
            case PNP_SURPRISE_REMOVAL:
                started = 0;
                resetMedia();
                return passDown();
            case PNP_REMOVE:
                if (audio != IDLE) {
                    stopAudio();
                }
                removed = 1;
                started = 0;
                resetMedia();
                return passDown();
            default:
                return passDown();
        }
    }

    private int power(int minor) {
        if (minor == POWER_SLEEP) {
            if (audio != IDLE) {
                stopAudio();
                audio = IDLE;
            }
            return powerTransition(D3);
        }
        if (minor == POWER_WAKE) {
            return powerTransition(D0);
        }
        return passDown();
    }

    private int powerTransition(int target) {
        pendingPowerState = target;
        k.markPending();
        k.setCompletionRoutine(Kernel.ROUTINE_POWER);
        k.callDriver();
        return Kernel.STATUS_PENDING;
    }

    /** Completion routines, called by the I/O manager when the lower driver is done. */
    int completion(int routine, boolean pendingReturned, int status) {
        if (routine == Kernel.ROUTINE_SIGNAL) {
            if (pendingReturned) {
                k.setEvent();
            }
            k.myStatus = status;
            return Kernel.STATUS_MORE_PROCESSING_REQUIRED;
        }
        if (status == Kernel.STATUS_SUCCESS) {
            powerState = pendingPowerState;
        }
        return status;
    }

    private int forwardAndWait() {
        k.setCompletionRoutine(Kernel.ROUTINE_SIGNAL);
        int st = k.callDriver();
        if (st == Kernel.STATUS_PENDING) {
            k.waitForEvent();
            st = k.myStatus;
        }
        return st;
    }

    private int stopAudio() {
        int st = k.sendCustomIrp();
        if (st == Kernel.STATUS_SUCCESS) {
            audio = IDLE;
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

    private void resetMedia() {
        tocValid = 0;
        audio = IDLE;
    }

    /** The filter's own invariants, checked between requests. */
    void checkInvariants() {
        assert openCount >= 0 : "negative open count";
        assert removed == 0 || (started == 0 && audio == IDLE) : "removed device still active";
        assert audio == IDLE || (started == 1 && tocValid == 1 && powerState == D0)
                : "audio running on a device that is not ready";
        assert audio != PAUSED || kind != KIND_LEGACY || savedPosition == 1
                : "legacy pause lost the position";
    }
}
