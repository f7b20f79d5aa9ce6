package java.lang;

/**
 * jsymex model of java.lang.Object, the root of the class hierarchy.
 * Identity hash codes, getClass and clone are implemented by the VM (natives);
 * monitors are not modelled, so notify/notifyAll/wait do nothing.
 */
public class Object {

    public Object() {
    }

    public final native Class<?> getClass();

    public native int hashCode();

    public boolean equals(Object obj) {
        return this == obj;
    }

    protected native Object clone() throws CloneNotSupportedException;

    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(getClass().getName());
        sb.append('@');
        sb.append(Integer.toHexString(hashCode()));
        return sb.toString();
    }

    public final void notify() {
    }

    public final void notifyAll() {
    }

    public final void wait() throws InterruptedException {
    }

    public final void wait(long timeoutMillis) throws InterruptedException {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
    }

    public final void wait(long timeoutMillis, int nanos) throws InterruptedException {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
    }

    protected void finalize() throws Throwable {
    }
}
