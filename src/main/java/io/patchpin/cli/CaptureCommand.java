package io.patchpin.cli;

import io.patchpin.author.AddPatch;
import io.patchpin.capture.Capture;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.safety.WriteLock;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "capture",
        description = "Turn uncommitted work-tree edits no entry records yet into sealed patch entries.")
public final class CaptureCommand extends WorkspaceCommand {
    @Parameters(
            index = "0",
            paramLabel = "DIR",
            description = "Patchset folder (its base must be the superproject HEAD).")
    Path dir;

    @Option(names = "--per-file", description = "One entry per file instead of one per component.")
    boolean perFile;

    @Option(
            names = "--id-prefix",
            paramLabel = "P",
            defaultValue = "capture",
            description = "Entry id prefix (default: ${DEFAULT-VALUE}).")
    String idPrefix;

    @Override
    public Integer call() {
        try (Workspace ws = workspace.open();
                WriteLock busy = workspace.lock(dir, "capture")) {
            AddPatch.Result r = Capture.run(ws, new Capture.Request(dir, perFile, idPrefix));
            for (PatchEntry e : r.added()) {
                out().println(e.id() + "\t" + e.component() + "\t" + String.join(" ", e.files()));
            }
            err().println("patchpin: captured " + r.added().size() + " entr"
                    + (r.added().size() == 1 ? "y" : "ies")
                    + (r.added().isEmpty() ? " (no unrecorded edits)" : ""));
            return r.exitCode().code();
        }
    }
}
