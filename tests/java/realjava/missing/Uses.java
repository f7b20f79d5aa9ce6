// Reaches java.util.concurrent.atomic.AtomicInteger (no model) and Character.isDefined (modelled).
package missing;

import java.util.concurrent.atomic.AtomicInteger;

public class Uses {
    public static int count(int x) {
        if (x > 10) {
            AtomicInteger n = new AtomicInteger(x);
            return n.incrementAndGet();
        }
        return Character.isDefined((char) x) ? 1 : 0;
    }
}
