package io.patchpin.apply;

import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.patchset.Entry;
import io.patchpin.safety.Writes;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.MissingLayers;
import io.patchpin.verify.Report;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verification;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Apply to the work tree: verify first; when any entry is broken, or a file holds an edit no entry explains, nothing is
 * written. Otherwise every changed file is replaced atomically, and a failure midway puts back every file already
 * written. Entries already applied change nothing, so a second apply writes nothing. Executable bits from patches' mode
 * lines are set after the contents. With {@code commit}, each entry that changed something is then committed in its
 * component (see {@link Committer}), inside the same all-or-nothing step.
 */
public final class Applier {
    private Applier() {}

    /** Whether apply also commits the applied entries in their components, and how. */
    public enum Commits {
        /** Only the work tree's files change. */
        NONE,
        /** {@code --commit}: one commit per entry in its component. */
        PLAIN,
        /** {@code --commit --therock}: as TheRock's fetch_sources.py, with .smrev files and skip-worktree gitlinks. */
        THEROCK
    }

    /**
     * @param only       the components to work on ({@code --component}), all when empty
     * @param withLayers whether the layers of layered sets are applied too ({@code --with-layers})
     */
    public record Request(List<Path> dirs, Commits commits, ComponentFilter only, boolean withLayers) {
        public Request {
            dirs = List.copyOf(dirs);
            Objects.requireNonNull(commits, "commits");
            Objects.requireNonNull(only, "only");
        }

        /** The patchsets, read, with only the entries on the components asked for. */
        public List<LoadedPatchset> sets() {
            return only.only(dirs.stream().map(LoadedPatchset::read).toList());
        }

        boolean commit() {
            return commits != Commits.NONE;
        }
    }

    /**
     * @param written   files written (content or mode), as workspace paths, sorted
     * @param refusals  why nothing was written (besides broken entries), one line each
     * @param commits   commits made, in order
     */
    public record Result(
            Report report, List<String> written, List<String> refusals, ExitCode exitCode, List<Committer.Made> commits)
            implements OperationResult {
        public Result {
            written = List.copyOf(written);
            refusals = List.copyOf(refusals);
            commits = List.copyOf(commits);
        }

        public static Result refused(Report report, List<String> refusals) {
            return new Result(report, List.of(), refusals, ExitCode.BROKEN, List.of());
        }
    }

    /** @param clock the time of the commits {@code --commit} makes, when not TheRock's fixed date */
    public static Result apply(Workspace ws, Request request, Writes writer, Clock clock) {
        SafeTree tree = new SafeTree(ws.requireWorkTree("apply"));
        WorkTreeFileSource workTree = new WorkTreeFileSource(ws);
        Checked checked = check(ws, request, workTree);
        Run run = checked.run();
        if (!checked.layersMissing().isEmpty()) {
            return Result.refused(checked.report(), checked.layersMissing());
        }
        if (run.anyBroken()) {
            return Result.refused(checked.report(), notCheckedOut(run));
        }
        List<FileChange> changes =
                FileChange.between(run.overlay().original(), run.overlay().current(), tree);
        try (CommittedFileSource committed = new CommittedFileSource(workTree)) {
            Committer committer = new Committer(committed, request.commits() == Commits.THEROCK, clock);
            List<CommitUnit> units = request.commit() ? units(run) : List.of();
            List<String> refusals = new ArrayList<>();
            Explained explained = new Explained(checked.explaining(), committed);
            changes.forEach(c -> explained
                    .problem(c.key(), run.overlay().original().get(c.key()))
                    .ifPresent(refusals::add));
            refusals.addAll(committer.problems(units, run.overlay().original()));
            if (request.commit()) {
                refusals.addAll(
                        committer.uncommitted(alreadyApplied(run), run.overlay().original()));
            }
            return refusals.isEmpty()
                    ? write(ws, request, writer, new Plan(checked, tree, changes, committed, committer, units))
                    : Result.refused(checked.report(), refusals);
        }
    }

    /**
     * The run of the sets over the work tree and its report; the sets whose edits explain the files' (a layer in place
     * explains its own), and why the layers below are not in place.
     */
    private record Checked(Run run, Report report, List<LoadedPatchset> explaining, List<String> layersMissing) {}

    private static Checked check(Workspace ws, Request request, WorkTreeFileSource workTree) {
        List<LoadedPatchset> sets = request.sets();
        if (sets.stream().allMatch(s -> s.patchset().layers().isEmpty())) {
            Run run = new Verifier().check(sets, workTree, Verification.bases(ws));
            return new Checked(run, request.only().shown(Report.of(run, null)), sets, List.of());
        }
        List<LoadedPatchset> all = request.only().stack(Layers.expand(sets, ws.snapshot("HEAD"), ws.workTree()));
        List<String> layersMissing = request.withLayers() ? List.of() : LayersInPlace.missing(all, workTree);
        Run run = new Verifier().check(request.withLayers() ? all : sets, workTree, Verification.bases(ws));
        // a TheRock layer absent from the work tree is not in place, yet nothing of it can be: the sets above are
        // applied, as verify checks them, and the missing layer is named, review, never silent
        Report report = request.withLayers()
                ? MissingLayers.report(all, Report.of(run, null))
                : MissingLayers.reportNamed(all, Report.of(run, null));
        return new Checked(run, request.only().shown(report), all, layersMissing);
    }

    /** What the write step takes, all checked: the run, the changes it makes, and the commits to make of them. */
    private record Plan(
            Checked checked,
            SafeTree tree,
            List<FileChange> changes,
            CommittedFileSource committed,
            Committer committer,
            List<CommitUnit> units) {}

    /** Writes the changes, then makes the commits and marks or records what was written, all or nothing. */
    private static Result write(Workspace ws, Request request, Writes writer, Plan p) {
        List<TheRockMarks.Mark> marks = request.commits() == Commits.THEROCK
                ? TheRockMarks.plan(p.checked().run(), ws.snapshot("HEAD"), p.committed())
                : List.of();
        List<Committer.Made> commits = new ArrayList<>();
        // with --commit the files end as committed, and revert undoes the commits: nothing to record
        AppliedRecord record = request.commit() ? null : AppliedRecord.of(ws).written(p.changes());
        String operation = request.commit() ? "apply --commit" : "apply";
        Report report = p.checked().report();
        try {
            List<String> written = Transaction.write(
                    p.changes(),
                    modes(p.checked().run()),
                    p.tree(),
                    Transaction.journal(ws, request.dirs(), operation, writer, request.commit()),
                    tx -> {
                        commits.addAll(p.committer().commit(p.units(), tx));
                        TheRockMarks.write(marks, tx, p.committed());
                        if (record != null) {
                            record.save(tx);
                        }
                    });
            return new Result(report, written, List.of(), report.exitCode(), commits);
        } catch (CommitFailure e) {
            return Result.refused(report, List.of(e.getMessage() + "; every file and commit put back"));
        }
    }

    /** One line per component not checked out that entries are on, with the way out. */
    static List<String> notCheckedOut(Run run) {
        SortedSet<String> components = new TreeSet<>();
        run.overlay().original().forEach((key, lookup) -> {
            if (lookup instanceof FileLookup.ComponentMissing cm && cm.notCheckedOut()) {
                components.add(key.component());
            }
        });
        return components.stream()
                .map(c ->
                        c + ": not checked out (git submodule update --init " + c + ", or --component for the others)")
                .toList();
    }

    /** The executable bits the entries set, the last entry's word winning. */
    static Map<FileKey, Boolean> modes(Run run) {
        Map<FileKey, Boolean> out = new TreeMap<>();
        run.sets().stream()
                .flatMap(s -> s.entries().stream())
                .filter(e -> e.check().appliable())
                .forEach(e -> e.check()
                        .executable()
                        .forEach((f, x) -> out.put(new FileKey(e.entry().component(), f), x)));
        return out;
    }

    /** One commit per entry that applies and is not already there, in order. */
    private static List<CommitUnit> units(Run run) {
        List<CommitUnit> out = new ArrayList<>();
        for (Run.SetRun s : run.sets()) {
            for (Run.EntryRun e : s.entries()) {
                if (e.check().appliable() && e.check().verdict().verdict() != Verdict.ALREADY_APPLIED) {
                    // a layer's commits are the ones applying it alone would make: same message, no mark of the set
                    out.add(new CommitUnit(
                            e.entry(),
                            CommitMessage.of(e.entry(), s.loaded().dir()),
                            e.check().result(),
                            e.check().executable(),
                            Layers.isLayer(s.loaded())
                                    ? Optional.of(s.loaded().patchset().name())
                                    : Optional.empty()));
                }
            }
        }
        return out;
    }

    /** The entries found already applied, in order: with --commit they make no commit. */
    private static List<Entry> alreadyApplied(Run run) {
        return run.sets().stream()
                .flatMap(s -> s.entries().stream())
                .filter(e -> e.check().verdict().verdict() == Verdict.ALREADY_APPLIED)
                .map(Run.EntryRun::entry)
                .toList();
    }
}
