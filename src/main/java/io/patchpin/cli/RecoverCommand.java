package io.patchpin.cli;

import io.patchpin.safety.Recovered;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "recover",
        description = {
            "Finish or roll back an interrupted write (apply, revert, sync, rebase, update, capture, apply --commit).",
            "Every writing command does this first on its own; this runs it alone. The journal under .git/patchpin/,"
                    + " update's in pins/ and those in patchsets/*/ (and the DIRs given) are read; patchpin's temp files are removed."
        })
public final class RecoverCommand extends WorkspaceCommand {
    @Option(names = "--rollback", description = "Roll back even when the interrupted write could be finished.")
    boolean rollback;

    @Parameters(arity = "0..*", paramLabel = "DIR", description = "Patchset folders outside patchsets/ to look at too.")
    List<Path> dirs = new ArrayList<>();

    @Override
    public Integer call() {
        try (Workspace ws = Workspace.open(workspace.repo(), workspace.mirrorDir(), workspace.settings())) {
            Recovered r = new Recovered(workspace.recover(ws, List.of(), rollback));
            if (r.said().isEmpty()) {
                out().println("nothing to recover");
            }
            return r.exitCode().code();
        }
    }
}
