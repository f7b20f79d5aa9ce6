/*
 * A TCP connection's state machine (one end, one connection), driven by user calls, arriving
 * segments and timers. Sequence numbers are kept as small offsets: the local initial sequence
 * number is ISS, the peer's IRS; a data segment carries DATA bytes. Whether an arriving
 * segment's acknowledgment and sequence number are acceptable is given with the segment
 * instead of being computed from numbers the model does not keep.
 *
 * Invariants (checkInvariants, after every event): the retransmission timer runs exactly while
 * something sent is unacknowledged, the 2MSL timer exactly in TIME_WAIT, a closed connection
 * has no state left, a listening one no peer, and the FIN bookkeeping matches the state.
 */
package tcpfsm;

final class Tcp {
    static final int CLOSED = 0, LISTEN = 1, SYN_SENT = 2, SYN_RCVD = 3, ESTABLISHED = 4,
            FIN_WAIT_1 = 5, FIN_WAIT_2 = 6, CLOSING = 7, TIME_WAIT = 8, CLOSE_WAIT = 9, LAST_ACK = 10;

    // user calls
    static final int OPEN_PASSIVE = 0, OPEN_ACTIVE = 1, SEND = 2, CLOSE = 3, ABORT = 4, RECEIVE = 5;
    // arriving segments
    static final int SEG_SYN = 0, SEG_SYN_ACK = 1, SEG_ACK = 2, SEG_FIN_ACK = 3, SEG_RST = 4,
            SEG_RST_ACK = 5, SEG_DATA_ACK = 6, SEG_FIN = 7;
    // an arriving segment: its ACK covers all we sent; its ACK is old (acknowledges nothing new;
    // before synchronisation: unacceptable); its sequence number is outside the window
    static final int OK = 0, OLD_ACK = 1, OUT_OF_WINDOW = 2;
    // timers
    static final int TIMER_RETRANSMIT = 0, TIMER_2MSL = 1;
    // what the event sent
    static final int OUT_NONE = 0, OUT_SYN = 1, OUT_SYN_ACK = 2, OUT_ACK = 3, OUT_FIN = 4, OUT_RST = 5,
            OUT_DATA = 6;
    // results of user calls
    static final int ERR = 9;

    static final int ISS = 100, IRS = 500, DATA = 10, MAX_RETRIES = 2;

    int state = CLOSED;
    int passive;
    int sndUna, sndNxt, rcvNxt;
    int queued;          // bytes the user sent before the connection was established
    int received;        // bytes delivered to the user
    int rexmt, retries;  // retransmission timer
    int msl;             // 2MSL timer
    int finSent, finRcvd;
    int out;

    /** A user call; returns 0 or ERR. */
    int user(int call) {
        out = OUT_NONE;
        switch (call) {
            case OPEN_PASSIVE:
                if (state != CLOSED) {
                    return ERR;
                }
                passive = 1;
                state = LISTEN;
                return 0;
            case OPEN_ACTIVE:
                if (state != CLOSED && state != LISTEN) {
                    return ERR;
                }
                passive = 0;
                sendSyn(SYN_SENT);
                return 0;
            case SEND:
                if (state == LISTEN) {
                    passive = 0;
                    sendSyn(SYN_SENT);
                }
                if (state == SYN_SENT || state == SYN_RCVD) {
                    queued += DATA;
                    return 0;
                }
                if (state == ESTABLISHED || state == CLOSE_WAIT) {
                    transmit(DATA);
                    out = OUT_DATA;
                    return 0;
                }
                return ERR;
            case CLOSE:
                if (state == LISTEN || state == SYN_SENT) {
                    reset();
                    return 0;
                }
                if (state == SYN_RCVD || state == ESTABLISHED) {
                    sendFin(FIN_WAIT_1);
                    return 0;
                }
                if (state == CLOSE_WAIT) {
                    sendFin(LAST_ACK);
                    return 0;
                }
                return ERR;
            case ABORT:
                if (state >= SYN_RCVD && state != TIME_WAIT) {
                    out = OUT_RST;
                }
                reset();
                return 0;
            default:
                // RECEIVE: only meaningful while the peer may still send
                return state == ESTABLISHED || state == FIN_WAIT_1 || state == FIN_WAIT_2 ? 0 : ERR;
        }
    }

    /** An arriving segment of the given kind and acceptability. */
    void segment(int seg, int acc) {
        out = OUT_NONE;
        boolean rst = seg == SEG_RST || seg == SEG_RST_ACK;
        boolean ack = seg == SEG_SYN_ACK || seg == SEG_ACK || seg == SEG_FIN_ACK || seg == SEG_RST_ACK
                || seg == SEG_DATA_ACK;
        switch (state) {
            case CLOSED:
                if (!rst) {
                    out = OUT_RST;
                }
                return;
            case LISTEN:
                if (rst) {
                    return;
                }
                if (ack) {
                    out = OUT_RST;
                    return;
                }
                if (seg == SEG_SYN) {
                    rcvNxt = IRS + 1;
                    sendSyn(SYN_RCVD);
                    out = OUT_SYN_ACK;
                }
                return;
            case SYN_SENT:
                if (ack && acc == OLD_ACK) {
                    if (!rst) {
                        out = OUT_RST;
                    }
                    return;
                }
                if (rst) {
                    if (ack) {
                        reset();     // connection refused
                    }
                    return;
                }
                if (seg == SEG_SYN_ACK) {
                    rcvNxt = IRS + 1;
                    acknowledge();
                    state = ESTABLISHED;
                    out = OUT_ACK;
                    flushQueued();
                } else if (seg == SEG_SYN) {
                    rcvNxt = IRS + 1;   // simultaneous open
                    state = SYN_RCVD;
                    out = OUT_SYN_ACK;
                }
                return;
            default:
                synchronized_(seg, acc, rst, ack);
        }
    }

    private void synchronized_(int seg, int acc, boolean rst, boolean ack) {
        if (acc == OUT_OF_WINDOW) {
            if (!rst) {
                out = OUT_ACK;
            }
            return;
        }
        if (rst) {
            if (state == SYN_RCVD && passive == 1) {
                backToListen();
            } else {
                reset();
            }
            return;
        }
        if (seg == SEG_SYN || seg == SEG_SYN_ACK) {
            out = OUT_RST;
            reset();
            return;
        }
        if (!ack) {
            return;
        }
        if (acc == OLD_ACK) {
            if (state == SYN_RCVD) {
                out = OUT_RST;
                return;
            }
        } else {
            // the acknowledgment covers everything sent
            acknowledge();
            if (state == SYN_RCVD) {
                state = ESTABLISHED;
                flushQueued();
            } else if (state == FIN_WAIT_1) {
                state = FIN_WAIT_2;
            } else if (state == CLOSING) {
                enterTimeWait();
            } else if (state == LAST_ACK) {
                reset();
                return;
            }
        }
        if (seg == SEG_DATA_ACK && (state == ESTABLISHED || state == FIN_WAIT_1 || state == FIN_WAIT_2)) {
            rcvNxt += DATA;
            received += DATA;
            out = OUT_ACK;
        }
        if (seg == SEG_FIN_ACK && finRcvd == 0) {
            finRcvd = 1;
            rcvNxt++;
            out = OUT_ACK;
            if (state == ESTABLISHED) {
                state = CLOSE_WAIT;
            } else if (state == FIN_WAIT_1) {
                state = CLOSING;
            } else if (state == FIN_WAIT_2) {
                enterTimeWait();
            }
        } else if (seg == SEG_FIN_ACK && state == TIME_WAIT) {
            out = OUT_ACK;
            msl = 1;    // restart the 2MSL wait
        }
    }

    /** A timer expires. */
    void timer(int which, int giveUp) {
        out = OUT_NONE;
        if (which == TIMER_RETRANSMIT && rexmt == 1) {
            retries++;
            if (retries > MAX_RETRIES || giveUp == 1) {
                reset();
                return;
            }
            out = state == SYN_SENT ? OUT_SYN : state == SYN_RCVD ? OUT_SYN_ACK : OUT_DATA;
        } else if (which == TIMER_2MSL && msl == 1) {
            reset();
        }
    }

    private void sendSyn(int next) {
        sndUna = ISS;
        sndNxt = ISS + 1;
        rexmt = 1;
        retries = 0;
        state = next;
        out = OUT_SYN;
    }

    private void transmit(int n) {
        sndNxt += n;
        rexmt = 1;
    }

    private void sendFin(int next) {
        flushQueued();
        transmit(1);
        finSent = 1;
        state = next;
        out = OUT_FIN;
    }

    private void flushQueued() {
        if (queued > 0) {
            transmit(queued);
            queued = 0;
        }
    }

    private void acknowledge() {
        sndUna = sndNxt;
        rexmt = 0;
        retries = 0;
    }

    private void enterTimeWait() {
        state = TIME_WAIT;
        rexmt = 0;
        msl = 1;
    }

    /** RST on a half-open passive connection: forget the peer, listen again. */
    private void backToListen() {
        state = LISTEN;
        sndUna = 0;
        sndNxt = 0;
        rcvNxt = 0;
        queued = 0;
        retries = 0;
    }

    private void reset() {
        state = CLOSED;
        passive = 0;
        sndUna = 0;
        sndNxt = 0;
        rcvNxt = 0;
        queued = 0;
        rexmt = 0;
        retries = 0;
        msl = 0;
        finSent = 0;
        finRcvd = 0;
    }

    void checkInvariants() {
        assert sndUna <= sndNxt : "acknowledged beyond what was sent";
        assert (state == TIME_WAIT) == (msl == 1) : "2MSL timer outside TIME_WAIT";
        if (state == CLOSED) {
            assert sndNxt == 0 && rcvNxt == 0 && queued == 0 && rexmt == 0 && finSent == 0
                    : "closed connection with state left";
        }
        if (state == LISTEN) {
            assert rexmt == 0 && sndNxt == sndUna && rcvNxt == 0 : "listening connection remembers a peer";
        }
        assert (rexmt == 1) == (sndUna != sndNxt) : "retransmission timer out of step with unacknowledged data";
        assert retries <= MAX_RETRIES : "retried past the limit";
        boolean finState = state == FIN_WAIT_1 || state == FIN_WAIT_2 || state == CLOSING
                || state == TIME_WAIT || state == LAST_ACK;
        assert finState == (finSent == 1) : "FIN bookkeeping out of step with the state";
        assert (state == CLOSE_WAIT || state == CLOSING || state == LAST_ACK) ? finRcvd == 1 : true
                : "closing states without the peer's FIN";
        assert queued == 0 || state == SYN_SENT || state == SYN_RCVD : "queued data after establishment";
    }
}
