import java.util.*;
import java.util.stream.*;

/*
 * OptionalModels -- differential tests for java.util.Optional, OptionalInt,
 * OptionalLong and OptionalDouble.
 */
public class OptionalModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    public static String optional() {
        StringBuilder sb = new StringBuilder();
        Optional<String> some = Optional.of("val");
        Optional<String> none = Optional.empty();
        sb.append(some).append(none).append(Optional.ofNullable(null)).append(Optional.ofNullable("n")).append(',');
        sb.append(some.isPresent()).append(some.isEmpty()).append(none.isPresent()).append(none.isEmpty()).append(',');
        sb.append(some.get()).append(some.orElse("x")).append(none.orElse("x")).append(none.orElse(null));
        sb.append(none.orElseGet(() -> "got")).append(some.orElseGet(() -> "unused")).append(some.orElseThrow()).append(',');
        try {
            none.get();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            none.orElseThrow();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            none.orElseThrow(() -> new IllegalStateException("custom"));
        } catch (IllegalStateException e) {
            sb.append(ex(e));
        }
        try {
            Optional.of(null);
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        sb.append(some.map(String::length)).append(none.map(String::length)).append(some.map(s -> null));
        sb.append(some.flatMap(s -> Optional.of(s + "!"))).append(some.flatMap(s -> Optional.empty()));
        sb.append(none.flatMap(s -> Optional.of(1)));
        try {
            some.flatMap(s -> null);
        } catch (NullPointerException e) {
            sb.append("!NPE-flat");
        }
        sb.append(some.filter(s -> s.startsWith("v"))).append(some.filter(s -> s.isEmpty())).append(none.filter(s -> true));
        sb.append(none.or(() -> Optional.of("alt"))).append(some.or(() -> Optional.of("alt")));
        try {
            none.or(() -> null);
        } catch (NullPointerException e) {
            sb.append("!NPE-or");
        }
        StringBuilder side = new StringBuilder();
        some.ifPresent(s -> side.append("present:").append(s));
        none.ifPresent(s -> side.append("never"));
        some.ifPresentOrElse(s -> side.append(";yes"), () -> side.append(";no"));
        none.ifPresentOrElse(s -> side.append(";yes"), () -> side.append(";no"));
        sb.append(side).append(',');
        sb.append(some.stream().collect(Collectors.toList())).append(none.stream().count());
        sb.append(some.equals(Optional.of("val"))).append(some.equals(none)).append(none.equals(Optional.ofNullable(null)));
        sb.append(some.equals("val")).append(some.hashCode()).append(none.hashCode()).append(Optional.<String>empty() == none);
        sb.append(Optional.of(Arrays.asList(1, 2))).append(Optional.of(Optional.of(3)));
        return sb.toString();
    }

    public static String primitiveOptionals() {
        StringBuilder sb = new StringBuilder();
        OptionalInt i = OptionalInt.of(42);
        OptionalInt ie = OptionalInt.empty();
        sb.append(i).append(ie).append(i.getAsInt()).append(i.isPresent()).append(ie.isEmpty());
        sb.append(i.orElse(-1)).append(ie.orElse(-1)).append(ie.orElseGet(() -> 7)).append(i.orElseThrow()).append(',');
        sb.append(i.equals(OptionalInt.of(42))).append(i.equals(OptionalInt.of(43))).append(ie.equals(OptionalInt.empty()));
        sb.append(i.equals(ie)).append(i.equals(Optional.of(42))).append(i.hashCode()).append(ie.hashCode());
        sb.append(OptionalInt.of(-7).hashCode()).append(i.stream().sum()).append(ie.stream().count()).append(',');
        OptionalLong l = OptionalLong.of(1L << 40);
        sb.append(l).append(OptionalLong.empty()).append(l.getAsLong()).append(l.hashCode()).append(OptionalLong.empty().hashCode());
        sb.append(l.orElse(3)).append(OptionalLong.empty().orElseGet(() -> 9L)).append(l.equals(OptionalLong.of(1L << 40)));
        sb.append(l.stream().boxed().collect(Collectors.toList())).append(',');
        OptionalDouble d = OptionalDouble.of(2.5);
        sb.append(d).append(OptionalDouble.empty()).append(d.getAsDouble()).append(d.hashCode()).append(OptionalDouble.of(Double.NaN));
        sb.append(OptionalDouble.of(Double.NaN).equals(OptionalDouble.of(Double.NaN)));
        sb.append(OptionalDouble.of(0.0).equals(OptionalDouble.of(-0.0))).append(OptionalDouble.of(-0.0).hashCode());
        sb.append(d.orElse(1.0)).append(OptionalDouble.empty().orElseGet(() -> 0.25)).append(d.stream().sum());
        StringBuilder side = new StringBuilder();
        i.ifPresent(v -> side.append("i").append(v));
        ie.ifPresentOrElse(v -> side.append("?"), () -> side.append("none"));
        l.ifPresentOrElse(v -> side.append("L"), () -> side.append("?"));
        d.ifPresent(v -> side.append("d").append(v));
        OptionalDouble.empty().ifPresent(v -> side.append("never"));
        sb.append(side);
        try {
            ie.getAsInt();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            OptionalLong.empty().orElseThrow();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            OptionalDouble.empty().orElseThrow(() -> new ArithmeticException("no double"));
        } catch (ArithmeticException e) {
            sb.append(ex(e));
        }
        try {
            OptionalDouble.empty().getAsDouble();
        } catch (NoSuchElementException e) {
            sb.append("!NSE");
        }
        return sb.toString();
    }

    /** An Optional over a symbolic value: filter decides on it (two paths). */
    public static String optionalSym(int x) {
        Optional<Integer> o = Optional.of(x).filter(v -> v > 10);
        String r = o.map(v -> "big").orElse("small");
        OptionalInt oi = IntStream.of(x, 3).filter(v -> v < 0).findFirst();
        return r + "," + (oi.isPresent() ? "neg" : "nonneg");
    }
}
