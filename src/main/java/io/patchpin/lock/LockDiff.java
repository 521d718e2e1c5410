package io.patchpin.lock;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/** How two lockfiles differ; every list sorted by path (patchsets by name). */
public record LockDiff(
        List<Pinned> added,
        List<Pinned> removed,
        List<Move> moved,
        List<FieldChange> changed,
        List<FieldChange> patchsets)
        implements OperationResult {

    public LockDiff {
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        moved = List.copyOf(moved);
        changed = List.copyOf(changed);
        patchsets = List.copyOf(patchsets);
    }

    /** Compares two locks component by component; pure, no repository needed. */
    public static LockDiff of(Lock oldLock, Lock newLock) {
        List<Pinned> added = new ArrayList<>();
        List<Pinned> removed = new ArrayList<>();
        List<Move> moved = new ArrayList<>();
        List<FieldChange> changed = new ArrayList<>();
        union(oldLock.components(), newLock.components(), LockEntry::path, (path, o, n) -> {
            if (o == null) {
                added.add(new Pinned(path, n.commit()));
            } else if (n == null) {
                removed.add(new Pinned(path, o.commit()));
            } else {
                if (!o.commit().equals(n.commit())) {
                    moved.add(new Move(
                            path,
                            o.commit(),
                            n.commit(),
                            OptionalInt.empty(),
                            OptionalInt.empty(),
                            List.of(),
                            List.of()));
                }
                field(changed, path, "url", o.url(), n.url());
                field(changed, path, "branch", o.branch(), n.branch());
                field(
                        changed,
                        path,
                        "override",
                        Optional.of(Boolean.toString(o.override())),
                        Optional.of(Boolean.toString(n.override())));
            }
        });
        List<FieldChange> patchsets = new ArrayList<>();
        union(
                oldLock.patchsets(),
                newLock.patchsets(),
                PatchsetDigest::name,
                (name, o, n) -> field(
                        patchsets,
                        name,
                        "digest",
                        Optional.ofNullable(o).map(PatchsetDigest::digest),
                        Optional.ofNullable(n).map(PatchsetDigest::digest)));
        return new LockDiff(added, removed, moved, changed, patchsets);
    }

    private static void field(
            List<FieldChange> out, String path, String field, Optional<String> o, Optional<String> n) {
        if (!o.equals(n)) {
            out.add(new FieldChange(path, field, o, n));
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

    public boolean same() {
        return added.isEmpty() && removed.isEmpty() && moved.isEmpty() && changed.isEmpty() && patchsets.isEmpty();
    }

    /** 0 when the same, 1 when a difference was found. */
    @Override
    public ExitCode exitCode() {
        return same() ? ExitCode.OK : ExitCode.BROKEN;
    }

    /** A component only one side has. */
    public record Pinned(String path, String commit) {}

    /**
     * A component pinned at another commit. History is present when both commits are in one local repository.
     *
     * @param ahead   commits the new pin has that the old lacks, empty when unknown
     * @param behind  commits the old pin had that the new lacks, empty when unknown
     * @param log     up to N one-line subjects of the commits ahead, newest first
     * @param dropped up to N one-line subjects of the commits behind, newest first
     */
    public record Move(
            String path,
            String oldCommit,
            String newCommit,
            OptionalInt ahead,
            OptionalInt behind,
            List<String> log,
            List<String> dropped) {
        public Move {
            Objects.requireNonNull(ahead, "ahead");
            Objects.requireNonNull(behind, "behind");
            log = List.copyOf(log);
            dropped = List.copyOf(dropped);
        }

        public Move withHistory(int newAhead, int newBehind, List<String> newLog, List<String> newDropped) {
            return new Move(
                    path,
                    oldCommit,
                    newCommit,
                    OptionalInt.of(newAhead),
                    OptionalInt.of(newBehind),
                    newLog,
                    newDropped);
        }
    }

    /** A field (url, branch, override, digest) of one component or patchset that changed; empty where absent. */
    public record FieldChange(String path, String field, Optional<String> oldValue, Optional<String> newValue) {
        public FieldChange {
            Objects.requireNonNull(oldValue, "oldValue");
            Objects.requireNonNull(newValue, "newValue");
        }
    }
}
