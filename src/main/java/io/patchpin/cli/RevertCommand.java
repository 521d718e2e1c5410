package io.patchpin.cli;

import io.patchpin.apply.Reverter;
import io.patchpin.apply.WriteSummary;
import io.patchpin.safety.WriteLock;
import io.patchpin.safety.Writes;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "revert", description = "Undo apply in the work tree, byte for byte, all or nothing.")
public final class RevertCommand extends WorkspaceCommand {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Patchset folders (undone last first).")
    List<Path> dirs;

    @Mixin
    Options.Components components;

    @Override
    public Integer call() {
        try (Workspace ws = workspace.open();
                WriteLock busy = WriteLock.take(ws, "revert")) {
            Reverter.Result r =
                    Reverter.revert(ws, new Reverter.Request(dirs, components.filter()), Writes.atomic(ws.settings()));
            r.restored().forEach(f -> out().println("restored " + f));
            WriteSummary.print(err(), r);
            return r.exitCode().code();
        }
    }
}
