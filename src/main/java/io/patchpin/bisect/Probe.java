package io.patchpin.bisect;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * Values along a line of commits (index 0 the oldest), each computed at most once, searched by halving: the first index
 * where a test starts to hold, and the points where the value changes. Both assume a value that changes between two
 * probed points does not change back in between; whatever does is missed.
 *
 * @param <T> what is known at one commit (one entry's verdict, or every entry's)
 */
public final class Probe<T> {
    private final IntFunction<T> compute;
    private final NavigableMap<Integer, T> known = new TreeMap<>();

    public Probe(IntFunction<T> compute) {
        this.compute = compute;
    }

    /** The value at index {@code i}, computed on first use. */
    public T at(int i) {
        return known.computeIfAbsent(i, k -> Objects.requireNonNull(compute.apply(k), "value"));
    }

    /** Every index computed so far with its value, in line order. */
    public NavigableMap<Integer, T> known() {
        return Collections.unmodifiableNavigableMap(known);
    }

    public int checks() {
        return known.size();
    }

    /** The first index in ({@code lo}, {@code hi}] passing {@code test}, given it fails at lo and holds at hi. */
    public int first(int lo, int hi, Predicate<T> test) {
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (test.test(at(mid))) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /**
     * Probes between {@code lo} and {@code hi} until every two neighbouring known indices in that span with values that
     * are not {@code same} are adjacent commits: each change seen is then pinned to the commit that made it.
     */
    public void refine(int lo, int hi, BiPredicate<T, T> same) {
        at(lo);
        at(hi);
        List<Integer> points = List.copyOf(known.subMap(lo, true, hi, true).keySet());
        for (int i = 1; i < points.size(); i++) {
            split(points.get(i - 1), points.get(i), same);
        }
    }

    /** Halves the span from {@code a} to {@code b} (both known) while its ends differ, the earlier half first. */
    private void split(int a, int b, BiPredicate<T, T> same) {
        if (b - a > 1 && !same.test(at(a), at(b))) {
            int mid = (a + b) >>> 1;
            at(mid);
            split(a, mid, same);
            split(mid, b, same);
        }
    }

    /** The known indices whose value differs from the known index just before them, in line order. */
    public NavigableMap<Integer, T> changes(BiPredicate<T, T> same) {
        NavigableMap<Integer, T> out = new TreeMap<>();
        Map.Entry<Integer, T> prev = null;
        for (Map.Entry<Integer, T> e : known.entrySet()) {
            if (prev != null && !same.test(prev.getValue(), e.getValue())) {
                out.put(e.getKey(), e.getValue());
            }
            prev = e;
        }
        return out;
    }
}
