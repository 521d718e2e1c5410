package io.patchpin.verify;

import io.patchpin.core.Digests;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;

/** The verify operation: patchset folders and a revision (or the work tree) in, verdicts out. */
public final class Verification {
    private Verification() {}

    /**
     * @param rev superproject rev-spec, or empty for the work tree
     * @param only the components whose entries are checked ({@code --component}), all when empty
     */
    public record Request(List<Path> dirs, Optional<String> rev, ComponentFilter only) {
        public Request {
            dirs = List.copyOf(dirs);
        }
    }

    /** The run (for apply) and its report. */
    public record Result(Run run, Report report) implements OperationResult {
        @Override
        public ExitCode exitCode() {
            return report.exitCode();
        }
    }

    public static Result run(Workspace ws, Request request) {
        List<LoadedPatchset> sets = request.only()
                .only(request.dirs().stream().map(LoadedPatchset::read).toList());
        return check(ws, sets, request.rev(), new Digests(), request.only());
    }

    /**
     * As {@link #run(Workspace, Request)}, for patchsets the caller has read already (audit reads them once), with the
     * digests the caller's run remembers.
     */
    public static Result run(Workspace ws, List<LoadedPatchset> sets, Optional<String> rev, Digests digests) {
        return check(ws, sets, rev, digests, ComponentFilter.ALL);
    }

    /**
     * TheRock's {@code patches/<tag>} folder checked in place (see {@link TheRockPatches}), at {@code rev} or HEAD's
     * pins, only the projects on the components kept.
     */
    public static Result runTheRockPatches(Workspace ws, Path tagDir, Optional<String> rev, ComponentFilter only) {
        List<LoadedPatchset> sets = only.only(TheRockPatches.load(tagDir, ws.snapshot(rev.orElse("HEAD"))));
        return check(ws, sets, rev, new Digests(), ComponentFilter.ALL);
    }

    /** @param only the components kept: the layers' entries elsewhere are not checked either */
    private static Result check(
            Workspace ws, List<LoadedPatchset> sets, Optional<String> rev, Digests digests, ComponentFilter only) {
        // TheRock's own sets have no base
        sets.forEach(s -> s.patchset().base().ifPresent(ws::requireBaseUnlessShallow));
        Snapshot pins = rev.map(ws::snapshot).orElse(null);
        FileSource source = pins != null ? pins.files() : new WorkTreeFileSource(ws);
        if (sets.stream().anyMatch(s -> !s.patchset().layers().isEmpty())) {
            // in the work tree, TheRock's layers are its folders on disk, their projects placed by HEAD's gitlinks
            sets = only.stack(Layers.expand(
                    sets, pins != null ? pins : ws.snapshot("HEAD"), pins != null ? Optional.empty() : ws.workTree()));
        }
        Run run = new Verifier(digests).check(sets, source, bases(ws));
        Report report = Layers.blameLayers(run, Report.of(run, pins != null ? pins.commit() : null));
        if (sets.stream().anyMatch(s -> s.patchset().entries().stream()
                .anyMatch(e -> e.upstream().hasCommit()))) {
            // in the work tree, "this pin" is each component's gitlink at the superproject's HEAD
            report = UpstreamGate.apply(run, report, pins != null ? pins : ws.snapshot("HEAD"));
        }
        // last: it adds a set for each missing layer, and the steps above go by the run's sets in order
        report = MissingLayers.report(sets, report);
        return new Result(only.shown(run), only.shown(report));
    }

    /** Base files from the superproject's objects, when the base commit is there. */
    public static BaseSources bases(Workspace ws) {
        return commit -> {
            ObjectId id = ObjectId.fromString(commit);
            return ws.has(id) ? Optional.of(ws.snapshot(id).files()) : Optional.empty();
        };
    }
}
