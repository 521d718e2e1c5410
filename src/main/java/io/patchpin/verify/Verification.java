package io.patchpin.verify;

import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;

import org.eclipse.jgit.lib.ObjectId;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The verify operation: patchset folders and a revision (or the work tree) in, verdicts out. */
public final class Verification {
    private Verification() {
    }

    /** @param rev superproject rev-spec, or empty for the work tree */
    public record Request(List<Path> dirs, Optional<String> rev) {
        public Request {
            dirs = List.copyOf(dirs);
        }
    }

    /** The run (for apply) and its report. */
    public record Result(Run run, Report report) {
    }

    public static Result run(Workspace ws, Request request) {
        List<LoadedPatchset> sets = request.dirs().stream().map(LoadedPatchset::read).toList();
        sets.forEach(s -> ws.requireBaseUnlessShallow(s.patchset().base()));
        FileSource source;
        String rev = null;
        if (request.rev().isPresent()) {
            var snapshot = ws.snapshot(request.rev().get());
            rev = snapshot.commit();
            source = snapshot.files();
        } else {
            source = new WorkTreeFileSource(ws);
        }
        Run run = new Verifier().check(sets, source, bases(ws));
        return new Result(run, Report.of(run, rev));
    }

    /** Base files from the superproject's objects, when the base commit is there. */
    public static BaseSources bases(Workspace ws) {
        return commit -> {
            try {
                ObjectId id = ObjectId.fromString(commit);
                if (!ws.superRepository().getObjectDatabase().has(id)) {
                    return Optional.empty();
                }
                return Optional.of(ws.snapshot(id).files());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read objects of " + ws.describe(), e);
            }
        };
    }
}
