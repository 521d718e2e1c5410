package io.patchpin.lock;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        SortedMap<String, LockEntry> before = byPath(oldLock.components(), LockEntry::path);
        SortedMap<String, LockEntry> after = byPath(newLock.components(), LockEntry::path);
        List<LockDiff.Pinned> added = new ArrayList<>();
        List<LockDiff.Pinned> removed = new ArrayList<>();
        List<LockDiff.Move> moved = new ArrayList<>();
        List<LockDiff.FieldChange> changed = new ArrayList<>();
        SortedSet<String> paths = new TreeSet<>(before.keySet());
        paths.addAll(after.keySet());
        for (String path : paths) {
            LockEntry o = before.get(path);
            LockEntry n = after.get(path);
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
        }
        return new LockDiff(added, removed, moved, changed, patchsets(oldLock, newLock));
    }

    private static List<LockDiff.FieldChange> patchsets(Lock oldLock, Lock newLock) {
        Map<String, PatchsetDigest> before = byPath(oldLock.patchsets(), PatchsetDigest::name);
        Map<String, PatchsetDigest> after = byPath(newLock.patchsets(), PatchsetDigest::name);
        SortedSet<String> names = new TreeSet<>(before.keySet());
        names.addAll(after.keySet());
        List<LockDiff.FieldChange> out = new ArrayList<>();
        for (String name : names) {
            PatchsetDigest o = before.get(name);
            PatchsetDigest n = after.get(name);
            field(out, name, "digest", o == null ? null : o.digest(), n == null ? null : n.digest());
        }
        return out;
    }

    private static void field(List<LockDiff.FieldChange> out, String path, String field, String o, String n) {
        if (!Objects.equals(o, n)) {
            out.add(new LockDiff.FieldChange(path, field, o, n));
        }
    }

    private static <T> SortedMap<String, T> byPath(List<T> items, Function<T, String> key) {
        SortedMap<String, T> out = new TreeMap<>();
        items.forEach(i -> out.put(key.apply(i), i));
        return out;
    }
}
