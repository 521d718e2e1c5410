package io.patchpin.cli;

import io.patchpin.core.Progress;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockFile;
import io.patchpin.lock.SyncResult;
import io.patchpin.lock.Syncer;
import io.patchpin.safety.WriteLock;
import io.patchpin.safety.Writes;
import io.patchpin.workspace.Workspace;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "sync",
        description = {
            "Check out every component at its pinned commit (detached), all or nothing.",
            "Parent first, from local objects, fetching from the URL only what is missing. Uncommitted changes "
                    + "refuse the sync before anything is touched (exit 1, dirty files named); a failure midway puts "
                    + "every component back (exit 1)."
        })
public final class SyncCommand extends WorkspaceCommand {
    @Mixin
    Options.LockArg lockfile;

    @Mixin
    Options.Components components;

    @Option(
            names = "--keep-going",
            description =
                    "Each component all or nothing on its own: one that cannot be synced "
                            + "is put back and named (exit 1), the others are synced. By default the whole sync is all or nothing.")
    boolean keepGoing;

    @Override
    public Integer call() {
        Lock lock = LockFile.read(lockfile.file);
        SyncResult result;
        try (Workspace ws = workspace.open();
                WriteLock busy = WriteLock.take(ws, "sync");
                Progress p = progress("checking out pinned commits")) {
            result = Syncer.sync(
                    ws,
                    lock,
                    lockfile.file,
                    Writes.atomic(ws.settings()),
                    new Syncer.Scope(components.components, keepGoing));
        }
        PrintWriter out = out();
        PrintWriter err = err();
        if (result.refused()) {
            result.dirty()
                    .forEach((path, files) ->
                            err.println("patchpin: " + path + ": uncommitted changes: " + String.join(", ", files)));
            err.println("patchpin: sync refused, nothing touched: commit or stash the changes first");
            return result.exitCode().code();
        }
        if (result.failure().isPresent()) {
            SyncResult.Failure f = result.failure().get();
            err.println("patchpin: " + f.path() + ": " + f.why());
            err.println("patchpin: sync failed, every component put back where it was");
            return result.exitCode().code();
        }
        result.changed().forEach(p -> out.println("synced    " + p));
        result.failures().forEach((p, why) -> err.println("patchpin: " + p + ": " + why));
        int asked = components.components.isEmpty() ? lock.components().size() : components.components.size();
        out.println(result.changed().size() + " of " + asked + " components changed; "
                + (result.failures().isEmpty()
                        ? "all as locked"
                        : result.failures().size() + " not synced (named on stderr), the others as locked"));
        return result.exitCode().code();
    }
}
