import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/*
 * StreamModels -- differential tests for java.util.stream (Stream, IntStream,
 * LongStream, DoubleStream, Collectors) and the stream sources
 * (Collection.stream, Arrays.stream, String.chars/lines, Map.entrySet).
 */
public class StreamModels {

    static String ex(Throwable t) {
        return "!" + t.getClass().getName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }

    /** String.valueOf with an Object target type (keeps the generic collect calls unambiguous). */
    static String text(Object o) {
        return String.valueOf(o);
    }

    public static String intStreams() {
        StringBuilder sb = new StringBuilder();
        sb.append(IntStream.range(0, 5).sum()).append(',').append(IntStream.rangeClosed(1, 5).sum()).append(',');
        sb.append(IntStream.range(5, 5).count()).append(IntStream.rangeClosed(5, 4).count()).append(',');
        sb.append(Arrays.toString(IntStream.of(3, 1, 2).map(x -> x * 10).toArray())).append(',');
        sb.append(IntStream.of(4, 7, 1, 9).filter(x -> x > 3).count()).append(',');
        sb.append(IntStream.of(4, 7, 1, 9).min()).append(IntStream.of(4, 7, 1, 9).max()).append(IntStream.empty().max());
        sb.append(IntStream.of(1, 2, 4).average()).append(IntStream.empty().average()).append(',');
        sb.append(IntStream.of(Integer.MAX_VALUE, 1).sum()).append(',');
        sb.append(IntStream.range(0, 4).mapToObj(i -> "s" + i).collect(Collectors.toList())).append(',');
        sb.append(IntStream.of(3, 3, 1, 2, 1).distinct().boxed().collect(Collectors.toList()));
        sb.append(Arrays.toString(IntStream.of(5, -1, 3).sorted().toArray()));
        sb.append(IntStream.range(0, 10).skip(3).limit(4).boxed().collect(Collectors.toList()));
        sb.append(IntStream.of(2, 4, 6).allMatch(x -> x % 2 == 0)).append(IntStream.of(2, 4, 6).anyMatch(x -> x > 5));
        sb.append(IntStream.of(2, 4, 6).noneMatch(x -> x > 5)).append(IntStream.empty().allMatch(x -> false));
        sb.append(IntStream.of(1, 2, 3, 4).reduce(0, (a, b) -> a * 2 + b)).append(IntStream.of(5).reduce(Integer::sum));
        sb.append(IntStream.empty().reduce(Integer::sum)).append(IntStream.of(6, 7).findFirst()).append(',');
        final StringBuilder each = new StringBuilder();
        IntStream.rangeClosed(-2, 2).forEach(each::append);
        IntStream.iterate(1, x -> x * 3).limit(5).forEachOrdered(x -> each.append('/').append(x));
        IntStream.iterate(1, x -> x < 50, x -> x * 2).forEach(x -> each.append(':').append(x));
        int[] counter = {0};
        IntStream.generate(() -> ++counter[0]).limit(3).forEach(x -> each.append('g').append(x));
        sb.append(each).append(',');
        sb.append(IntStream.of(1, 2, 3, 4, 5).takeWhile(x -> x < 3).sum()).append(IntStream.of(1, 2, 3, 1).dropWhile(x -> x < 3).sum());
        sb.append(IntStream.concat(IntStream.of(1, 2), IntStream.range(7, 9)).boxed().collect(Collectors.toList()));
        sb.append(IntStream.of(1, 2).flatMap(x -> IntStream.of(x, -x)).boxed().collect(Collectors.toList()));
        sb.append(IntStream.of(1, 2, 3).asLongStream().map(x -> x * 10000000000L).sum()).append(',');
        sb.append(IntStream.of(1, 2).asDoubleStream().map(x -> x / 4).sum()).append(',');
        sb.append(IntStream.of(1, 2, 3).mapToLong(x -> (long) x << 40).max()).append(IntStream.of(3).mapToDouble(x -> x * 0.5).boxed().collect(Collectors.toList()));
        sb.append(IntStream.of(4, 1, 9).summaryStatistics()).append(IntStream.empty().summaryStatistics());
        sb.append(text(IntStream.of(1, 2, 3).collect(StringBuilder::new, (b, x) -> b.append(x).append(';'), StringBuilder::append)));
        sb.append(IntStream.of(7, 8).peek(x -> sb.append('p').append(x)).sum());
        return sb.toString();
    }

    public static String longAndDoubleStreams() {
        StringBuilder sb = new StringBuilder();
        sb.append(LongStream.rangeClosed(1, 20).reduce(1, (a, b) -> a * b)).append(',');
        sb.append(LongStream.range(0, 3).boxed().collect(Collectors.toList())).append(LongStream.of(5, 2).sorted().boxed().collect(Collectors.toList()));
        sb.append(LongStream.of(Long.MAX_VALUE, 1).sum()).append(LongStream.of(3, 9).average()).append(LongStream.empty().min());
        sb.append(LongStream.of(1, 2).mapToInt(x -> (int) x * 3).sum()).append(LongStream.of(1, 2).asDoubleStream().sum());
        sb.append(LongStream.iterate(1, x -> x * 10).limit(4).mapToObj(Long::toString).collect(Collectors.joining("|")));
        sb.append(',').append(DoubleStream.of(0.1, 0.2, 0.3).sum()).append(',');
        sb.append(DoubleStream.of(1e16, 1.0, 1.0, 1.0, -1e16, 0.1, 0.2, 0.3).sum()).append(',');
        sb.append(DoubleStream.of(-9.160301153772582E-5, 1.317808107672051E8, -8100.82504908713, -1.2675025423610425E-4,
                0.003473614235876045, -872381.57752836, 4.628712507560071E8).sum()).append(',');
        sb.append(DoubleStream.of(1.5, 2.5, 4.0).average()).append(DoubleStream.empty().average()).append(',');
        sb.append(DoubleStream.of(3.5, Double.NaN, 1.0).max()).append(DoubleStream.of(-0.0, 0.0).min()).append(DoubleStream.of(2, 1).min());
        sb.append(DoubleStream.of(Double.POSITIVE_INFINITY, 1.0).sum()).append(DoubleStream.of(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY).sum());
        sb.append(Arrays.toString(DoubleStream.of(2.5, -1.0, Double.NaN, 0.0, -0.0).sorted().toArray()));
        sb.append(DoubleStream.of(1.0, 1.0, Double.NaN, Double.NaN, 0.0, -0.0).distinct().count());
        sb.append(DoubleStream.of(1.7, -1.7).mapToInt(d -> (int) d).boxed().collect(Collectors.toList()));
        sb.append(DoubleStream.of(1.25).mapToLong(d -> Math.round(d)).sum()).append(DoubleStream.generate(() -> 0.5).limit(3).sum());
        sb.append(DoubleStream.iterate(1.0, d -> d / 2).limit(4).mapToObj(d -> d + ";").collect(Collectors.joining()));
        return sb.toString();
    }

    public static String streamBasics() {
        StringBuilder sb = new StringBuilder();
        List<String> words = Arrays.asList("delta", "alpha", "charlie", "bravo", "echo", "alpha");
        sb.append(words.stream().map(String::toUpperCase).collect(Collectors.toList())).append(',');
        sb.append(words.stream().filter(w -> w.length() == 5).count()).append(',');
        sb.append(words.stream().sorted().collect(Collectors.toList())).append(',');
        sb.append(words.stream().sorted(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder())).toList());
        sb.append(words.stream().sorted(Comparator.reverseOrder()).findFirst().get()).append(',');
        sb.append(words.stream().distinct().count()).append(words.stream().skip(2).limit(2).toList());
        sb.append(words.stream().mapToInt(String::length).sum()).append(',');
        sb.append(words.stream().min(Comparator.naturalOrder()).get()).append(words.stream().max(Comparator.comparing(String::length)));
        sb.append(words.stream().max(Comparator.comparing(w -> w.charAt(0) == 'a' ? 1 : 0))).append(',');
        sb.append(words.stream().reduce("", (a, b) -> a + b.charAt(0))).append(words.stream().reduce((a, b) -> b + a));
        sb.append(words.stream().reduce(0, (n, w) -> n + w.length(), Integer::sum)).append(',');
        sb.append(words.stream().anyMatch(w -> w.startsWith("e"))).append(words.stream().allMatch(w -> w.length() > 3));
        sb.append(words.stream().noneMatch(String::isEmpty)).append(',');
        sb.append(Stream.of("x", "y").flatMap(s -> Stream.of(s, s + s)).toList());
        sb.append(Stream.of(List.of(1, 2), List.<Integer>of(), List.of(3)).flatMap(List::stream).map(i -> i * i).toList());
        sb.append(Stream.iterate(1, x -> x * 2).limit(6).toList()).append(Stream.iterate("a", s -> s.length() < 4, s -> s + "b").toList());
        int[] n = {0};
        sb.append(Stream.generate(() -> "g" + n[0]++).limit(3).collect(Collectors.joining(",", "<", ">")));
        sb.append(Stream.of(5, 6, 7, 1, 8).takeWhile(x -> x > 4).toList()).append(Stream.of(5, 6, 1, 8).dropWhile(x -> x > 4).toList());
        sb.append(Stream.concat(Stream.of("a"), Stream.of("b", "c")).toList()).append(Stream.ofNullable(null).count());
        sb.append(Stream.ofNullable("z").toList()).append(Stream.empty().findAny()).append(Stream.of("q").findAny());
        Object[] arr = Stream.of(1, "two", 3.0).toArray();
        sb.append(arr.length).append(arr.getClass().getSimpleName());
        String[] sarr = Stream.of("p", "q").toArray(String[]::new);
        sb.append(sarr.getClass().getSimpleName()).append(Arrays.toString(sarr));
        Iterator<Integer> it = Stream.of(9, 8).iterator();
        while (it.hasNext()) {
            sb.append(it.next());
        }
        sb.append(text(Stream.of(1, 2, 3).collect(ArrayList::new, ArrayList::add, ArrayList::addAll)));
        sb.append(Stream.of("a", null, "b").toList()).append(Stream.of(3, 1, 3).sorted().toList());
        return sb.toString();
    }

    /** Java pulls one element at a time through the whole pipeline; count() skips a sized pipeline. */
    public static String laziness() {
        final StringBuilder sb = new StringBuilder();
        Stream.of(1, 2, 3).peek(x -> sb.append('p').append(x)).map(x -> {
            sb.append('m').append(x);
            return x * 10;
        }).filter(x -> x != 20).forEach(x -> sb.append('f').append(x));
        sb.append('|');
        Optional<Integer> first = Stream.of(1, 2, 3, 4).peek(x -> sb.append('v').append(x)).filter(x -> x > 1).findFirst();
        sb.append(first).append('|');
        sb.append(Stream.of(5, 6, 7).peek(x -> sb.append('a').append(x)).anyMatch(x -> x == 6)).append('|');
        Stream.iterate(1, x -> {
            sb.append('i').append(x);
            return x + 1;
        }).limit(3).forEach(x -> sb.append('e').append(x));
        sb.append('|');
        Stream.of(3, 1, 2).peek(x -> sb.append('u').append(x)).sorted().peek(x -> sb.append('s').append(x))
                .limit(2).forEach(x -> sb.append('o').append(x));
        sb.append('|');
        sb.append(Stream.of(1, 2, 3).peek(sb::append).count()).append(';');
        sb.append(Stream.of(1, 2, 3).filter(i -> true).peek(sb::append).count()).append(';');
        sb.append(Stream.of(1, 2, 3).map(i -> sb.append('m')).limit(2).count()).append(';');
        sb.append(List.of(1, 2, 3).stream().map(i -> sb.append('m')).count()).append(';');
        sb.append("a\nb".lines().peek(sb::append).count()).append(';');
        sb.append("ab".chars().peek(sb::append).count()).append(';');
        sb.append(IntStream.range(0, 4).peek(sb::append).count()).append(';');
        sb.append(Stream.concat(Stream.of(1), Stream.of(2)).peek(sb::append).count()).append(';');
        sb.append(Stream.of(3, 1, 2).sorted().peek(sb::append).count()).append(';');
        sb.append(new HashSet<>(List.of(1, 2)).stream().peek(sb::append).count()).append(';');
        sb.append(Stream.of(1, 2, 3).skip(1).peek(sb::append).count()).append(';');
        sb.append(Stream.of(1, 2, 3).skip(5).count()).append(IntStream.range(0, 10).skip(2).limit(3).count()).append(';');
        sb.append(IntStream.of(1, 2).boxed().peek(sb::append).count()).append(';');
        sb.append(Stream.of(1, 2).flatMap(i -> Stream.of(i, i)).peek(sb::append).count()).append(';');
        sb.append(Optional.of(5).stream().peek(sb::append).count()).append(';');
        sb.append(Stream.of(1, 2).distinct().peek(sb::append).count()).append(';');
        sb.append(Stream.of(1, 2).mapToInt(i -> i).asLongStream().peek(sb::append).count());
        return sb.toString();
    }

    public static String collectors() {
        StringBuilder sb = new StringBuilder();
        List<String> words = Arrays.asList("apple", "avocado", "banana", "blueberry", "cherry", "kiwi", "fig", "date",
                "elderberry", "grape", "apple");
        sb.append(words.stream().collect(Collectors.toSet())).append(',');
        sb.append(words.stream().collect(Collectors.groupingBy(String::length))).append(',');
        sb.append(words.stream().collect(Collectors.groupingBy(w -> w.charAt(0)))).append(',');
        sb.append(words.stream().collect(Collectors.groupingBy(w -> w.charAt(0), Collectors.counting()))).append(',');
        sb.append(text(words.stream().collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList()))));
        sb.append(words.stream().collect(Collectors.groupingBy(w -> w.substring(0, 1).toUpperCase(),
                Collectors.mapping(String::length, Collectors.toList())))).append(',');
        sb.append(words.stream().collect(Collectors.partitioningBy(w -> w.length() > 5))).append(',');
        sb.append(words.stream().collect(Collectors.partitioningBy(w -> w.contains("e"), Collectors.counting())));
        sb.append(Stream.<String>empty().collect(Collectors.partitioningBy(String::isEmpty))).append(',');
        sb.append(words.stream().distinct().collect(Collectors.toMap(w -> w, String::length))).append(',');
        sb.append(words.stream().collect(Collectors.toMap(String::length, w -> w, (a, b) -> a + "+" + b))).append(',');
        sb.append(text(words.stream().collect(Collectors.toMap(w -> w.charAt(0), w -> 1, Integer::sum, TreeMap::new))));
        try {
            words.stream().collect(Collectors.toMap(w -> w, String::length));
        } catch (IllegalStateException e) {
            sb.append(ex(e));
        }
        try {
            Stream.of("a", "bb", "cc").collect(Collectors.toMap(String::length, w -> w));
        } catch (IllegalStateException e) {
            sb.append(ex(e));
        }
        try {
            Stream.of("a").collect(Collectors.toMap(w -> w, w -> null));
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        try {
            Stream.of("a").collect(Collectors.groupingBy(w -> null));
        } catch (NullPointerException e) {
            sb.append(ex(e));
        }
        sb.append(',').append(words.stream().collect(Collectors.joining()));
        sb.append(',').append(words.stream().limit(3).collect(Collectors.joining(", ")));
        sb.append(',').append(words.stream().limit(3).collect(Collectors.joining("/", "{", "}")));
        sb.append(',').append(Stream.<String>empty().collect(Collectors.joining("/", "{", "}")));
        sb.append(',').append(Stream.of("solo").collect(Collectors.joining("/", "[", "]")));
        sb.append(words.stream().collect(Collectors.counting())).append(words.stream().collect(Collectors.summingInt(String::length)));
        sb.append(words.stream().collect(Collectors.averagingInt(String::length))).append(Stream.<String>empty().collect(Collectors.averagingInt(String::length)));
        sb.append(words.stream().collect(Collectors.summingLong(w -> w.length() * 1000000000L)));
        sb.append(Stream.of(0.1, 0.2, 0.3).collect(Collectors.summingDouble(d -> d)));
        sb.append(Stream.of(0.1, 0.2, 0.4).collect(Collectors.averagingDouble(d -> d)));
        sb.append(words.stream().collect(Collectors.minBy(Comparator.naturalOrder())));
        sb.append(words.stream().collect(Collectors.maxBy(Comparator.comparing(String::length))));
        sb.append(words.stream().collect(Collectors.reducing(0, String::length, Integer::sum)));
        sb.append(Stream.of(3, 4).collect(Collectors.reducing(1, (a, b) -> a * b))).append(Stream.of(3, 4).collect(Collectors.reducing(Integer::max)));
        sb.append(text(words.stream().collect(Collectors.collectingAndThen(Collectors.toList(), List::size))));
        sb.append(text(words.stream().collect(Collectors.toCollection(TreeSet::new))));
        sb.append(words.stream().collect(Collectors.filtering(w -> w.length() < 5, Collectors.toList())));
        sb.append(Stream.of("ab", "c").collect(Collectors.flatMapping(w -> w.chars().boxed(), Collectors.toList())));
        sb.append(text(words.stream().collect(Collectors.teeing(Collectors.counting(), Collectors.joining(), (c, j) -> c + ":" + j.length()))));
        sb.append(words.stream().collect(Collectors.summarizingInt(String::length)));
        sb.append(words.stream().collect(Collectors.groupingBy(String::length, Collectors.averagingInt(String::length))));
        sb.append(text(Stream.of(1, 2, 3).collect(Collector.of(StringBuilder::new, StringBuilder::append, StringBuilder::append))));
        sb.append(text(Stream.of(1, 2, 3).collect(Collector.of(() -> new int[1], (a, x) -> a[0] += x, (a, b) -> a, a -> a[0] * 100))));
        List<String> unmodifiable = Stream.of("u").collect(Collectors.toUnmodifiableList());
        try {
            unmodifiable.add("v");
        } catch (UnsupportedOperationException e) {
            sb.append("!UOE");
        }
        return sb.toString();
    }

    public static String mapAndArraySources() {
        StringBuilder sb = new StringBuilder();
        Map<String, Integer> m = new HashMap<>();
        String[] keys = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
        for (int i = 0; i < keys.length; i++) {
            m.put(keys[i], i + 1);
        }
        sb.append(m.entrySet().stream().filter(e -> e.getValue() % 2 == 0).map(Map.Entry::getKey).collect(Collectors.toList()));
        sb.append(m.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey).limit(3).toList());
        sb.append(m.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(",")));
        sb.append(m.keySet().stream().mapToInt(String::length).sum()).append(m.values().stream().mapToInt(Integer::intValue).max());
        sb.append(m.entrySet().stream().collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey)));
        sb.append(m.entrySet().stream().collect(Collectors.groupingBy(e -> e.getKey().length(), Collectors.mapping(Map.Entry::getKey, Collectors.joining("+")))));
        Integer[] boxed = {5, 3, 8};
        sb.append(Arrays.stream(boxed).map(i -> i * 2).toList()).append(Arrays.stream(boxed, 1, 3).toList());
        sb.append(Arrays.stream(new int[] {4, 5, 6}).sum()).append(Arrays.stream(new int[] {4, 5, 6}, 1, 2).boxed().toList());
        sb.append(Arrays.stream(new long[] {1L << 40, 1}).sum()).append(Arrays.stream(new double[] {0.5, 0.25}).sum());
        try {
            Arrays.stream(new int[] {1, 2}, 2, 1);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        try {
            Arrays.stream(boxed, 0, 4);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(ex(e));
        }
        sb.append("h\u00e9llo".chars().mapToObj(c -> Integer.toHexString(c)).collect(Collectors.joining(" ")));
        sb.append("a\ud83d\ude00b".codePoints().boxed().toList()).append("a\ud83d\ude00b".chars().count());
        sb.append("l1\nl2\r\nl3\rl4\n".lines().toList()).append("".lines().count()).append("\n\n".lines().toList());
        sb.append("x".lines().map(String::toUpperCase).toList());
        Set<Integer> ts = new TreeSet<>(List.of(9, 2, 7));
        sb.append(ts.stream().map(i -> i + 1).toList()).append(new ArrayDeque<>(List.of("q", "r")).stream().toList());
        sb.append(new LinkedList<>(List.of(3, 4)).parallelStream().isParallel()).append(List.of(1).stream().parallel().isParallel());
        Iterable<String> iterable = List.of("i1", "i2");
        iterable.forEach(sb::append);
        return sb.toString();
    }

    public static String streamErrors() {
        StringBuilder sb = new StringBuilder();
        Stream<Integer> s = Stream.of(1, 2);
        s.count();
        try {
            s.count();
        } catch (IllegalStateException e) {
            sb.append(ex(e));
        }
        Stream<Integer> s2 = Stream.of(1, 2);
        s2.map(x -> x);
        try {
            s2.filter(x -> true);
        } catch (IllegalStateException e) {
            sb.append("!reuse");
        }
        IntStream is = IntStream.of(1);
        is.sum();
        try {
            is.sum();
        } catch (IllegalStateException e) {
            sb.append("!int-reuse");
        }
        try {
            Stream.of(1).limit(-1);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            IntStream.of(1).skip(-2);
        } catch (IllegalArgumentException e) {
            sb.append(ex(e));
        }
        try {
            Stream.of(new Object(), new Object()).sorted().toList();
        } catch (ClassCastException e) {
            sb.append("!CCE");
        }
        sb.append(Stream.of(new Object()).sorted().count());
        try {
            Stream.of(1, 2).toArray(String[]::new);
        } catch (ArrayStoreException e) {
            sb.append(ex(e));
        }
        try {
            Stream.of("a", null).findFirst();
            Stream.of((String) null).findFirst();
        } catch (NullPointerException e) {
            sb.append("!NPE");
        }
        try {
            Stream.of(1, 2).max(null);
        } catch (NullPointerException e) {
            sb.append("!NPE2");
        }
        try {
            Stream.of(1).map(null);
        } catch (NullPointerException e) {
            sb.append("!NPE3");
        }
        try {
            Stream.<Integer>empty().reduce(Integer::sum).get();
        } catch (NoSuchElementException e) {
            sb.append(ex(e));
        }
        try {
            Stream.of("x", "y").toList().add("z");
        } catch (UnsupportedOperationException e) {
            sb.append("!UOE");
        }
        List<Integer> live = new ArrayList<>(List.of(1, 2, 3));
        Stream<Integer> late = live.stream();
        live.add(4);
        sb.append(late.count());
        final StringBuilder closing = new StringBuilder();
        Stream<String> cs = Stream.of("x").onClose(() -> closing.append("c1")).onClose(() -> closing.append("c2"));
        cs.close();
        cs.close();
        sb.append(closing);
        try (Stream<String> tw = Stream.of("a", "b").onClose(() -> closing.append("|auto"))) {
            sb.append(tw.count());
        }
        sb.append(closing);
        Stream.of(1, 2).flatMap(i -> Stream.of(i).onClose(() -> closing.append("|inner" + i))).forEach(i -> closing.append(i));
        sb.append(closing);
        try {
            Stream<String> closed = Stream.of("c");
            closed.close();
            closed.forEach(x -> { });
        } catch (IllegalStateException e) {
            sb.append("!closed");
        }
        return sb.toString();
    }

    /** One branch per element on the symbolic value (x > 4); the count itself is concrete. */
    public static String streamFilterSym(int x) {
        long n = IntStream.of(x, 5, 9).filter(v -> v > 4).count();
        return "n=" + n;
    }

    /** Grouping by a symbolic parity: one path per parity. */
    public static String groupingSym(int x) {
        Map<Boolean, List<String>> parts = Stream.of("a", "bb", "ccc").collect(
                Collectors.partitioningBy(s -> (s.length() + x) % 2 == 0));
        return parts.get(true).size() + "/" + parts.get(false).size();
    }
}
