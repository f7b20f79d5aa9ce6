/*
 * Drivers of the tcpfsm subject (see Tcp.java): a sequence of events, each (kind, argument,
 * extra), applied to one connection. Kind 0 is a user call (argument: 0 passive open, 1 active
 * open, 2 send, 3 close, 4 abort, 5 receive); kind 1 an arriving segment (argument: 0 SYN,
 * 1 SYN+ACK, 2 ACK, 3 FIN+ACK, 4 RST, 5 RST+ACK, 6 data+ACK, 7 FIN; extra: 0 its ACK covers
 * all we sent, 1 old ACK, 2 sequence number outside the window); kind 2 a timer (argument:
 * 0 retransmission, 1 2MSL, others none; extra 1: the retransmission gives up).
 *
 * phase: where the connection is before the symbolic events: 0 closed, 1 listening,
 * 2 SYN sent, 3 established (concrete events).
 *
 * Returns the connection's state after each symbolic event as two decimal digits (0 CLOSED,
 * 1 LISTEN, 2 SYN_SENT, 3 SYN_RCVD, 4 ESTABLISHED, 5 FIN_WAIT_1, 6 FIN_WAIT_2, 7 CLOSING,
 * 8 TIME_WAIT, 9 CLOSE_WAIT, 10 LAST_ACK), 99 for a user call refused; -1 if an input is out
 * of range.
 */
package tcpfsm;

public class Driver {
    private static boolean bad(int kind, int arg, int extra) {
        return kind < 0 || kind > 2 || arg < 0 || arg > 7 || extra < 0 || extra > 2;
    }

    private static int event(Tcp t, int kind, int arg, int extra) {
        int r;
        if (kind == 0) {
            r = t.user(arg) == Tcp.ERR ? 99 : t.state;
        } else if (kind == 1) {
            t.segment(arg, extra);
            r = t.state;
        } else {
            t.timer(arg, extra == 1 ? 1 : 0);
            r = t.state;
        }
        t.checkInvariants();
        return r;
    }

    private static Tcp setUp(int phase) {
        Tcp t = new Tcp();
        if (phase == 1) {
            event(t, 0, Tcp.OPEN_PASSIVE, 0);
        } else if (phase >= 2) {
            event(t, 0, Tcp.OPEN_ACTIVE, 0);
        }
        if (phase == 3) {
            event(t, 1, Tcp.SEG_SYN_ACK, Tcp.OK);
        }
        return t;
    }

    /** Two symbolic events on a listening connection: 6 inputs. */
    public static int listening(int k1, int a1, int x1, int k2, int a2, int x2) {
        return run(1, k1, a1, x1, k2, a2, x2);
    }

    /** Two symbolic events after the set-up phase: 7 inputs. */
    public static int run(int phase, int k1, int a1, int x1, int k2, int a2, int x2) {
        if (phase < 0 || phase > 3 || bad(k1, a1, x1) || bad(k2, a2, x2)) {
            return -1;
        }
        Tcp t = setUp(phase);
        int r = event(t, k1, a1, x1);
        r = r * 100 + event(t, k2, a2, x2);
        return r;
    }

    /** Three symbolic events after the set-up phase: 10 inputs. */
    public static int run3(int phase, int k1, int a1, int x1, int k2, int a2, int x2, int k3, int a3, int x3) {
        if (phase < 0 || phase > 3 || bad(k1, a1, x1) || bad(k2, a2, x2) || bad(k3, a3, x3)) {
            return -1;
        }
        Tcp t = setUp(phase);
        int r = event(t, k1, a1, x1);
        r = r * 100 + event(t, k2, a2, x2);
        r = r * 100 + event(t, k3, a3, x3);
        return r;
    }
}
