package io.patchpin.apply;

import io.patchpin.core.ExitCode;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Report;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verification;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Apply to the work tree: verify first; when any entry is broken, or a file
 * holds an edit no entry explains, nothing is written. Otherwise every changed
 * file is replaced atomically, and a failure midway puts back every file
 * already written. Entries already applied change nothing, so a second apply
 * writes nothing.
 */
public final class Applier {
    private Applier() {
    }

    public record Request(List<Path> dirs) {
        public Request {
            dirs = List.copyOf(dirs);
        }
    }

    /**
     * @param written   files written, as workspace paths, sorted
     * @param refusals  why nothing was written (besides broken entries), one line each
     */
    public record Result(Report report, List<String> written, List<String> refusals, ExitCode exitCode) {
        public Result {
            written = List.copyOf(written);
            refusals = List.copyOf(refusals);
        }
    }

    public static Result apply(Workspace ws, Request request, FileWriter writer) {
        SafeTree tree = new SafeTree(ws.requireWorkTree("apply"));
        List<LoadedPatchset> sets = request.dirs().stream().map(LoadedPatchset::read).toList();
        WorkTreeFileSource workTree = new WorkTreeFileSource(ws);
        Run run = new Verifier().check(sets, workTree, Verification.bases(ws));
        Report report = Report.of(run, null);
        if (run.anyBroken()) {
            return new Result(report, List.of(), List.of(), ExitCode.BROKEN);
        }
        List<Change> changes = changes(run.overlay().original(), run.overlay().current(), tree);
        List<String> refusals = new ArrayList<>();
        try (CommittedFileSource committed = new CommittedFileSource(workTree)) {
            Explained explained = new Explained(sets, committed);
            for (Change c : changes) {
                explained.problem(c.key(), run.overlay().original().get(c.key())).ifPresent(refusals::add);
            }
        }
        if (!refusals.isEmpty()) {
            return new Result(report, List.of(), refusals, ExitCode.BROKEN);
        }
        return new Result(report, write(changes, writer), List.of(), report.exitCode());
    }

    /** One file to replace: where, what it held, what it gets (null: absent). */
    record Change(FileKey key, Path path, byte[] original, byte[] content) {
    }

    static List<Change> changes(Map<FileKey, FileLookup> before, Map<FileKey, FileLookup> after, SafeTree tree) {
        List<Change> out = new ArrayList<>();
        for (var e : after.entrySet()) {
            byte[] was = bytes(before.get(e.getKey()));
            byte[] now = bytes(e.getValue());
            if (!Arrays.equals(was, now)) {
                out.add(new Change(e.getKey(), tree.resolve(e.getKey().component(), e.getKey().file()), was, now));
            }
        }
        return out;
    }

    static byte[] bytes(FileLookup f) {
        return f instanceof FileLookup.Found found ? found.content() : null;
    }

    /** Writes every change or, on a failure, none (the ones written are put back). */
    static List<String> write(List<Change> changes, FileWriter writer) {
        Transaction tx = new Transaction(writer);
        List<String> written = new ArrayList<>();
        try {
            for (Change c : changes) {
                tx.write(c.path(), c.original(), c.content());
                written.add(c.key().toString());
            }
        } catch (RuntimeException e) {
            tx.rollback(e);
            throw e;
        }
        return written;
    }

    static Optional<byte[]> content(FileLookup f) {
        return Optional.ofNullable(bytes(f));
    }
}
