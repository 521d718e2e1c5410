package io.patchpin.lock;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/** Compares two lockfiles component by component; pure, no repository needed. */
public final class LockDiffer {
    private LockDiffer() {}

    public static LockDiff diff(Lock oldLock, Lock newLock) {
        List<LockDiff.Pinned> added = new ArrayList<>();
        List<LockDiff.Pinned> removed = new ArrayList<>();
        List<LockDiff.Move> moved = new ArrayList<>();
        List<LockDiff.FieldChange> changed = new ArrayList<>();
        union(oldLock.components(), newLock.components(), LockEntry::path, (path, o, n) -> {
            if (o == null) {
                added.add(new LockDiff.Pinned(path, n.commit()));
            } else if (n == null) {
                removed.add(new LockDiff.Pinned(path, o.commit()));
            } else {
                if (!o.commit().equals(n.commit())) {
                    moved.add(new LockDiff.Move(path, o.commit(), n.commit(), null, null, List.of(), List.of()));
                }
                field(changed, path, "url", o.url(), n.url());
                field(changed, path, "branch", o.branch(), n.branch());
                field(changed, path, "override", Boolean.toString(o.override()), Boolean.toString(n.override()));
            }
        });
        List<LockDiff.FieldChange> patchsets = new ArrayList<>();
        union(
                oldLock.patchsets(),
                newLock.patchsets(),
                PatchsetDigest::name,
                (name, o, n) ->
                        field(patchsets, name, "digest", o == null ? null : o.digest(), n == null ? null : n.digest()));
        return new LockDiff(added, removed, moved, changed, patchsets);
    }

    private static void field(List<LockDiff.FieldChange> out, String path, String field, String o, String n) {
        if (!Objects.equals(o, n)) {
            out.add(new LockDiff.FieldChange(path, field, o, n));
        }
    }

    private interface Sides<T> {
        void accept(String key, T before, T after);
    }

    /** Calls {@code each} for every key either list has, sorted; the side without it is null. */
    private static <T> void union(List<T> before, List<T> after, Function<T, String> key, Sides<T> each) {
        SortedMap<String, T> o = new TreeMap<>();
        before.forEach(i -> o.put(key.apply(i), i));
        SortedMap<String, T> n = new TreeMap<>();
        after.forEach(i -> n.put(key.apply(i), i));
        SortedSet<String> keys = new TreeSet<>(o.keySet());
        keys.addAll(n.keySet());
        keys.forEach(k -> each.accept(k, o.get(k), n.get(k)));
    }
}
