package io.patchpin.apply;

import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.core.Hashes;
import io.patchpin.core.OperationResult;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.safety.Journal;
import io.patchpin.safety.Writes;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Report;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Undo apply, all or nothing, on the files apply recorded writing (see {@link AppliedRecord}); any other file is left
 * as it is. A file whose work-tree content is one of the states the entries produce from its committed content gets the
 * committed bytes back (byte for byte, whatever the entry kind). A file that also holds other edits is undone entry by
 * entry (each checker's revert, last entry first), which keeps those edits; if any entry cannot be undone exactly,
 * nothing is written. Executable bits a patch changed are put back as its mode lines had them before.
 */
public final class Reverter {
    private Reverter() {}

    /**
     * @param only the components to work on ({@code --component}), all when empty
     */
    public record Request(List<Path> dirs, ComponentFilter only) {
        public Request {
            dirs = List.copyOf(dirs);
            Objects.requireNonNull(only, "only");
        }

        List<LoadedPatchset> sets() {
            return only.only(dirs.stream().map(LoadedPatchset::read).toList());
        }
    }

    /**
     * @param restored  files written back (and components reset), as workspace paths
     * @param leftAlone files holding the entries' edits that apply did not write, left as they are, one line each
     * @param refusals  why nothing was written (besides broken entries), one line each
     */
    public record Result(Report report, List<String> restored, List<String> leftAlone, List<String> refusals)
            implements OperationResult {
        public Result {
            restored = List.copyOf(restored);
            leftAlone = List.copyOf(leftAlone);
            refusals = List.copyOf(refusals);
        }

        static Result refused(Report report, List<String> refusals) {
            return new Result(report, List.of(), List.of(), refusals);
        }

        @Override
        public ExitCode exitCode() {
            return refusals.isEmpty() ? ExitCode.OK : ExitCode.BROKEN;
        }
    }

    public static Result revert(Workspace ws, Request request, Writes writer) {
        SafeTree tree = new SafeTree(ws.requireWorkTree("revert"));
        List<LoadedPatchset> sets = request.sets();
        WorkTreeFileSource workTree = new WorkTreeFileSource(ws);
        Run back = new Verifier().revert(sets, workTree);
        Report report = Report.of(back, null);
        Map<FileKey, FileLookup> target = new TreeMap<>();
        List<String> refusals = new ArrayList<>();
        try (CommittedFileSource committed = new CommittedFileSource(workTree)) {
            // only what apply recorded writing is undone: a file it did not write stays as it is, whatever it holds
            AppliedRecord record = AppliedRecord.of(ws);
            List<String> unrecorded = new ArrayList<>();
            targets(back, new Explained(sets, committed), record, target, unrecorded, refusals);
            CommitReset.Plan resets = CommitReset.plan(ws, sets, committed);
            refusals.addAll(resets.problems());
            if (!refusals.isEmpty()) {
                return Result.refused(report, refusals);
            }
            List<FileChange> changes = FileChange.between(back.overlay().original(), target, tree);
            Journal journal = Transaction.journal(
                    ws, request.dirs(), "revert", writer, !resets.resets().isEmpty());
            try {
                List<String> written =
                        new ArrayList<>(Transaction.write(changes, Applier.modes(back), tree, journal, tx -> {
                            CommitReset.run(resets.resets(), tx);
                            record.written(changes).save(tx);
                        }));
                resets.resets()
                        .forEach(r -> written.add(r.component() + " (reset to " + r.to() + " "
                                + Hashes.abbrev(r.pin().name()) + ")"));
                return new Result(report, written, unrecorded, List.of());
            } catch (CommitFailure e) {
                return Result.refused(report, List.of(e.getMessage() + "; every file and commit put back"));
            }
        }
    }

    /**
     * What each file apply recorded writing goes back to ({@code target}): the committed bytes where the file is in a
     * state the entries produce, else each entry undone; lines for files left alone and for entries that cannot be
     * undone.
     */
    private static void targets(
            Run back,
            Explained explained,
            AppliedRecord record,
            Map<FileKey, FileLookup> target,
            List<String> unrecorded,
            List<String> refusals) {
        for (var e : back.overlay().original().entrySet()) {
            FileKey key = e.getKey();
            if (e.getValue() instanceof FileLookup.ComponentMissing) {
                continue; // not checked out (an uninitialised submodule): nothing was applied there
            }
            boolean onlyTheEntries = explained.problem(key, e.getValue()).isEmpty();
            if (!record.holds(key)) {
                // not written by apply here: left as it is, said when it holds the entries' edits
                if (onlyTheEntries && !Arrays.equals(FileChange.bytes(e.getValue()), explained.committed(key))) {
                    unrecorded.add(key + ": holds the entries' edits, but apply did not write it here (no record"
                            + " of it): left as it is");
                }
            } else if (onlyTheEntries) {
                byte[] c = explained.committed(key);
                target.put(key, c == null ? new FileLookup.FileMissing() : new FileLookup.Found(c, null));
            } else {
                List<String> stuck = undoProblems(back, key);
                if (stuck.isEmpty()) {
                    target.put(key, back.overlay().current().get(key));
                } else {
                    refusals.addAll(stuck);
                }
            }
        }
    }

    /**
     * Why a file that also holds a user's edits cannot be undone entry by entry, one line per entry on {@code key}: an
     * entry whose edit cannot be found to undo (the user changed one of its lines), or one that finds nothing to undo
     * while the set's other edits on the file are there (its lines were changed so that it no longer recognises them).
     * Revert never leaves an entry's lines behind and calls it done.
     */
    private static List<String> undoProblems(Run back, FileKey key) {
        List<Run.EntryRun> on = back.sets().stream()
                .flatMap(s -> s.entries().stream())
                .filter(e -> e.entry().component().equals(key.component())
                        && e.entry().files().contains(key.file()))
                .toList();
        boolean someUndone = on.stream().anyMatch(e -> e.check().verdict().verdict() == Verdict.ALREADY_APPLIED);
        List<String> out = new ArrayList<>();
        for (Run.EntryRun e : on) {
            var v = e.check().verdict();
            if (!e.check().appliable()) {
                out.add(key + ": entry '" + v.id() + "' cannot be undone: " + line(e.entry())
                        + " is not as the entry left it (" + v.detail() + "); put it back or undo it by hand");
            } else if (someUndone && v.verdict() == Verdict.APPLIES) {
                out.add(key + ": entry '" + v.id() + "' finds nothing to undo while the set's other edits are there: "
                        + line(e.entry()) + " was changed; put it back or undo it by hand");
            }
        }
        return out;
    }

    private static String line(Entry entry) {
        String text = EntryKind.of(entry).editedText().orElse("");
        if (text.isBlank()) {
            return "its edit";
        }
        String first = text.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
        return "its line '" + first.strip() + "'";
    }
}
