package io.patchpin.lock;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

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
                    moved.add(new Move(path, o.commit(), n.commit()));
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

    /**
     * This diff with history on its moves: commits ahead and behind and up to {@code limit} one-line subjects each way,
     * where one local repository holds both commits. Moves whose objects are missing are left without it.
     */
    public LockDiff withHistory(Workspace workspace, Lock oldLock, Lock newLock, int limit) {
        LockRepositories repos = new LockRepositories(workspace, List.of(newLock, oldLock));
        List<Move> moved = moved().stream()
                .map(m -> repos.holding(
                                m.path(), ObjectId.fromString(m.oldCommit()), ObjectId.fromString(m.newCommit()))
                        .map(r -> history(r, m, limit))
                        .orElse(m))
                .toList();
        return new LockDiff(added, removed, moved, changed, patchsets);
    }

    private static Move history(Repository repo, Move m, int limit) {
        List<String> log = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        int ahead = walk(repo, m.newCommit(), m.oldCommit(), limit, log);
        int behind = walk(repo, m.oldCommit(), m.newCommit(), limit, dropped);
        return new Move(
                m.path(), m.oldCommit(), m.newCommit(), OptionalInt.of(ahead), OptionalInt.of(behind), log, dropped);
    }

    /** Counts commits reachable from {@code from} but not {@code not}; keeps the first {@code limit} subjects. */
    private static int walk(Repository repo, String from, String not, int limit, List<String> subjects) {
        try (RevWalk walk = new RevWalk(repo)) {
            walk.markStart(walk.parseCommit(ObjectId.fromString(from)));
            walk.markUninteresting(walk.parseCommit(ObjectId.fromString(not)));
            int count = 0;
            for (RevCommit c : walk) {
                if (count++ < limit) {
                    subjects.add(c.abbreviate(12).name() + " " + c.getShortMessage());
                }
            }
            return count;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk history in " + repo.getDirectory(), e);
        }
    }

    public boolean same() {
        return added.isEmpty() && removed.isEmpty() && moved.isEmpty() && changed.isEmpty() && patchsets.isEmpty();
    }

    @Override
    public ExitCode exitCode() {
        return same() ? ExitCode.OK : ExitCode.BROKEN;
    }

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

        /** Without history: {@link #withHistory} adds it where one repository holds both commits. */
        Move(String path, String oldCommit, String newCommit) {
            this(path, oldCommit, newCommit, OptionalInt.empty(), OptionalInt.empty(), List.of(), List.of());
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
