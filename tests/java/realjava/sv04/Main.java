// expect: FALSE (the state machine reaches ERROR after three steps)
package sv04;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    static final int IDLE = 0;
    static final int ARMED = 1;
    static final int FIRING = 2;
    static final int ERROR = 3;

    static int step(int state, boolean signal) {
        switch (state) {
            case IDLE:
                return signal ? ARMED : IDLE;
            case ARMED:
                return signal ? FIRING : IDLE;
            case FIRING:
                return signal ? ERROR : ARMED;
            default:
                return state;
        }
    }

    public static void main(String[] args) {
        int state = IDLE;
        for (int i = 0; i < 4; i++) {
            state = step(state, Verifier.nondetBoolean());
        }
        assert state != ERROR;
    }
}
