package io.patchpin.update;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Digests;
import io.patchpin.impact.BumpImpact;
import io.patchpin.impact.Impact;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockDiff;
import io.patchpin.lock.LockFile;
import io.patchpin.lock.LockResult;
import io.patchpin.lock.Locker;
import io.patchpin.lock.PatchsetDigest;
import io.patchpin.lock.Pins;
import io.patchpin.rebase.Rebase;
import io.patchpin.rebase.RebaseResult;
import io.patchpin.safety.Journal;
import io.patchpin.safety.Writes;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The update operation: moves a pins file's workspace root from the commit its lock holds to a target along the root's
 * branch, and brings the patchsets along (rebased and resealed there), writing the new lock and the sets through one
 * journal, all or nothing. Where a set would not rebase cleanly nothing is written, and the first commit that breaks an
 * entry is found as bisect finds it.
 */
public final class Update {
    private Update() {}

    /**
     * @param lockFile the lock holding the commit to move from; the new lock is written there
     * @param spec     the rev ({@code --to}) or tag glob ({@code --to-tag}); null for {@code --latest-good}
     */
    public record Request(
            Pins pins,
            Path lockFile,
            List<Path> dirs,
            UpdateResult.Target target,
            String spec,
            boolean dryRun,
            boolean stopBeforeConflict) {
        public Request {
            dirs = List.copyOf(dirs);
        }
    }

    public static UpdateResult run(Workspace ws, Request r, Writes writes) {
        Lock oldLock = LockFile.read(r.lockFile());
        List<LoadedPatchset> sets = r.dirs().stream().map(LoadedPatchset::read).toList();
        ObjectId from = ws.resolve(r.lockFile().toString(), oldLock.superproject());
        String spec = r.target() == UpdateResult.Target.LATEST_GOOD
                ? r.pins().workspaceRoot().ref()
                : r.spec();
        Stop stop = stop(ws, r, sets, from, spec);
        if (blocked(stop.staged())) {
            return stop.result(r, spec, from, UpdateResult.Status.BLOCKED, Optional.empty(), false);
        }
        Lock newLock = newLock(ws, r.pins(), stop.to(), stop.staged(), sets);
        Impact impact = impact(ws, oldLock, newLock, sets);
        List<Journal.Change> changes = changes(r.lockFile(), LockFile.render(newLock), stop.staged());
        UpdateResult.Status status = changes.isEmpty() ? UpdateResult.Status.CURRENT : UpdateResult.Status.MOVED;
        boolean write = !r.dryRun() && !changes.isEmpty();
        if (write) {
            Path dir = r.lockFile().toAbsolutePath().normalize().getParent();
            new Journal(Journal.patchsetFile(dir), dir, "update", r.lockFile().toString(), writes)
                    .replaceFiles(changes);
        }
        return stop.result(r, spec, from, status, Optional.of(impact), write);
    }

    /** Where the update stops, the sets staged there, and the search along the line. */
    private record Stop(
            ObjectId to,
            UpdateResult.Search search,
            Optional<UpdateResult.Break> next,
            Map<String, EntryVerdict> atFrom,
            List<Rebase.Staged> staged) {
        UpdateResult result(
                Request r,
                String spec,
                ObjectId from,
                UpdateResult.Status status,
                Optional<Impact> impact,
                boolean write) {
            List<RebaseResult> rebases =
                    staged.stream().map(Rebase.Staged::result).toList();
            return new UpdateResult(
                    r.target(), spec, from.name(), to.name(), status, next, atFrom, rebases, impact, search, write);
        }
    }

    /** The target, or the last commit before an entry gets worse: always for --latest-good, when blocked if asked. */
    private static Stop stop(Workspace ws, Request r, List<LoadedPatchset> sets, ObjectId from, String spec) {
        ObjectId to = target(ws, r, spec);
        Digests digests = new Digests();
        Optional<Line> line = r.target() == UpdateResult.Target.LATEST_GOOD
                ? Optional.of(new Line(ws, sets, digests, from, to, spec))
                : Optional.empty();
        Optional<UpdateResult.Break> next = line.flatMap(Line::firstWorse);
        to = next.map(b -> ObjectId.fromString(b.before())).orElse(to);
        Map<String, EntryVerdict> atFrom = line.orElseGet(() -> new Line(ws, sets, digests, from, from, ""))
                .atFrom();
        List<Rebase.Staged> staged = stage(ws, sets, to, atFrom);
        if (blocked(staged)) {
            if (line.isEmpty()) {
                line = lineTo(ws, sets, digests, from, to, spec);
            }
            next = line.flatMap(Line::firstWorse);
            if (r.stopBeforeConflict() && next.isPresent()) {
                to = ObjectId.fromString(next.get().before());
                staged = stage(ws, sets, to, atFrom);
            }
        }
        UpdateResult.Search search =
                line.map(Line::search).orElseGet(() -> new UpdateResult.Search(0, 0, Optional.empty()));
        return new Stop(to, search, next, atFrom, staged);
    }

    /** What the bump does to the sets, as {@code lock diff OLD NEW DIR...} reports it. */
    private static Impact impact(Workspace ws, Lock oldLock, Lock newLock, List<LoadedPatchset> sets) {
        LockDiff diff = LockDiff.of(oldLock, newLock);
        if (!diff.moved().isEmpty()) {
            diff = diff.withHistory(ws, oldLock, newLock, 10);
        }
        return BumpImpact.run(ws, new BumpImpact.Request(oldLock, newLock, diff, sets));
    }

    /** The commit asked for: a rev, the newest matching tag, or the tip of the root's ref for a search. */
    private static ObjectId target(Workspace ws, Request r, String spec) {
        return switch (r.target()) {
            case TO -> ws.resolve("--to", spec);
            case TO_TAG -> Tags.newest(ws.superRepository(), spec);
            case LATEST_GOOD -> Locker.rootCommit(ws, r.pins());
        };
    }

    private static List<Rebase.Staged> stage(
            Workspace ws, List<LoadedPatchset> sets, ObjectId to, Map<String, EntryVerdict> atFrom) {
        Snapshot onto = ws.snapshot(to);
        return sets.stream()
                .map(s -> {
                    Map<String, EntryVerdict> broken = new HashMap<>();
                    atFrom.forEach((key, v) -> {
                        if (key.startsWith(s.patchset().name() + "/") && v.verdictClass() == VerdictClass.BROKEN) {
                            broken.put(v.id(), v);
                        }
                    });
                    return Rebase.stage(ws, s, onto, broken);
                })
                .toList();
    }

    private static boolean blocked(List<Rebase.Staged> staged) {
        return staged.stream().anyMatch(s -> !s.result().written());
    }

    /**
     * The line to a target given with {@code --to}, to say which commit breaks an entry; none when the target is not on
     * the locked commit's first-parent line (a tag of a release branch): the report then names the entries only.
     */
    private static Optional<Line> lineTo(
            Workspace ws, List<LoadedPatchset> sets, Digests digests, ObjectId from, ObjectId to, String spec) {
        try {
            return Optional.of(new Line(ws, sets, digests, from, to, spec));
        } catch (BadInputException notOnTheLine) {
            return Optional.empty();
        }
    }

    /** The lock at {@code to}, as {@code lock --rev} makes it, with the digests of the sets as rebased. */
    private static Lock newLock(
            Workspace ws, Pins pins, ObjectId to, List<Rebase.Staged> staged, List<LoadedPatchset> sets) {
        LockResult locked = Locker.lock(ws, to.name(), pins);
        if (!locked.problems().isEmpty()) {
            throw new BadInputException(
                    pins.source().toString(),
                    0,
                    "cannot lock at " + to.name() + ": "
                            + locked.problems().get(0).describe());
        }
        Lock lock = locked.lock();
        Map<Path, Rebase.Staged> byDir = new HashMap<>();
        for (int i = 0; i < sets.size(); i++) {
            byDir.put(sets.get(i).dir().toAbsolutePath().normalize(), staged.get(i));
        }
        List<PatchsetDigest> digests = new ArrayList<>();
        for (PatchsetDigest d : lock.patchsets()) {
            Path folder = pins.patchsetFolder(d.name()).toAbsolutePath().normalize();
            Rebase.Staged s = byDir.get(folder);
            digests.add(s == null ? d : PatchsetDigest.of(d.name(), folder, s.next(), f -> staged(s, folder, f)));
        }
        return new Lock(lock.name(), lock.superproject(), lock.roots(), lock.components(), digests, lock.smrevs());
    }

    private static byte[] staged(Rebase.Staged s, Path folder, String file) {
        Path p = folder.resolve(file);
        return s.changes().stream()
                .filter(c -> c.path().toAbsolutePath().normalize().equals(p))
                .map(Journal.Change::after)
                .findFirst()
                .orElseGet(() -> PatchsetDigest.read(p));
    }

    /** The sets' files, then the lock, leaving out every file that would get the bytes it holds. */
    private static List<Journal.Change> changes(Path lockFile, byte[] lock, List<Rebase.Staged> staged) {
        List<Journal.Change> out = new ArrayList<>();
        staged.forEach(s -> out.addAll(s.changes()));
        out.add(new Journal.Change(lockFile, PatchsetDigest.read(lockFile), lock)); // read by run: it exists
        return out.stream().filter(c -> !Arrays.equals(c.before(), c.after())).toList();
    }
}
