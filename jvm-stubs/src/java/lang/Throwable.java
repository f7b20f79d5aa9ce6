package java.lang;

import java.io.PrintStream;

/**
 * jsymex model of java.lang.Throwable. The first two fields are part of the VM
 * contract: for exceptions it creates itself the VM sets {@code detailMessage}
 * directly and leaves {@code cause} null. Stack traces are not recorded:
 * getStackTrace returns an empty array and printStackTrace prints only the
 * toString() lines of the exception and its causes.
 */
public class Throwable implements java.io.Serializable {

    private String detailMessage;
    private Throwable cause;
    /** true once a cause was given to a constructor or initCause (even a null one). */
    private boolean causeSet;
    /** true when suppression was disabled through the protected constructor. */
    private boolean suppressionDisabled;
    /** suppressed exceptions, null while there are none. */
    private Throwable[] suppressed;

    public Throwable() {
        fillInStackTrace();
    }

    public Throwable(String message) {
        fillInStackTrace();
        detailMessage = message;
    }

    public Throwable(String message, Throwable cause) {
        fillInStackTrace();
        detailMessage = message;
        this.cause = cause;
        this.causeSet = true;
    }

    public Throwable(Throwable cause) {
        fillInStackTrace();
        detailMessage = (cause == null) ? null : cause.toString();
        this.cause = cause;
        this.causeSet = true;
    }

    protected Throwable(String message, Throwable cause, boolean enableSuppression, boolean writableStackTrace) {
        if (writableStackTrace) {
            fillInStackTrace();
        }
        detailMessage = message;
        this.cause = cause;
        this.causeSet = true;
        this.suppressionDisabled = !enableSuppression;
    }

    public String getMessage() {
        return detailMessage;
    }

    public String getLocalizedMessage() {
        return getMessage();
    }

    public Throwable getCause() {
        return cause;
    }

    public Throwable initCause(Throwable cause) {
        if (causeSet) {
            String what = (cause == null) ? "a null" : cause.toString();
            throw new IllegalStateException("Can't overwrite cause with " + what, this);
        }
        if (cause == this) {
            throw new IllegalArgumentException("Self-causation not permitted", this);
        }
        this.cause = cause;
        this.causeSet = true;
        return this;
    }

    public String toString() {
        String s = getClass().getName();
        String message = getLocalizedMessage();
        if (message == null) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s);
        sb.append(": ");
        sb.append(message);
        return sb.toString();
    }

    /** Prints this throwable and its chain of causes (no stack frames) to System.err. */
    public void printStackTrace() {
        printStackTrace(System.err);
    }

    public void printStackTrace(PrintStream s) {
        s.println(this);
        Throwable[] sup = getSuppressed();
        for (int i = 0; i < sup.length; i++) {
            s.println("\tSuppressed: " + sup[i]);
        }
        Throwable c = getCause();
        int depth = 0;
        while (c != null && c != this && depth < 64) {
            s.println("Caused by: " + c);
            c = c.getCause();
            depth++;
        }
    }

    /** Stack traces are not modelled; returns this. */
    public Throwable fillInStackTrace() {
        return this;
    }

    /** Stack traces are not modelled; always returns an empty array. */
    public StackTraceElement[] getStackTrace() {
        return new StackTraceElement[0];
    }

    /** Checks the argument like Java does, then ignores it (stack traces are not modelled). */
    public void setStackTrace(StackTraceElement[] stackTrace) {
        for (int i = 0; i < stackTrace.length; i++) {
            if (stackTrace[i] == null) {
                throw new NullPointerException("stackTrace[" + i + "]");
            }
        }
    }

    public final void addSuppressed(Throwable exception) {
        if (exception == this) {
            throw new IllegalArgumentException("Self-suppression not permitted", exception);
        }
        if (exception == null) {
            throw new NullPointerException("Cannot suppress a null exception.");
        }
        if (suppressionDisabled) {
            return;
        }
        Throwable[] old = suppressed;
        int n = (old == null) ? 0 : old.length;
        Throwable[] grown = new Throwable[n + 1];
        for (int i = 0; i < n; i++) {
            grown[i] = old[i];
        }
        grown[n] = exception;
        suppressed = grown;
    }

    public final Throwable[] getSuppressed() {
        Throwable[] cur = suppressed;
        if (cur == null) {
            return new Throwable[0];
        }
        Throwable[] copy = new Throwable[cur.length];
        for (int i = 0; i < cur.length; i++) {
            copy[i] = cur[i];
        }
        return copy;
    }
}
