package io.patchpin.cli;

import io.patchpin.core.Progress;
import io.patchpin.rebase.Rebase;
import io.patchpin.rebase.RebaseResult;
import io.patchpin.rebase.RebaseText;
import io.patchpin.report.RebaseJson;
import io.patchpin.safety.WriteLock;
import io.patchpin.safety.Writes;
import io.patchpin.workspace.Workspace;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "rebase",
        description = {
            "Re-seal every entry at a new base revision, all or nothing; conflicts go to DIR/.rebase/.",
            "Exit 0 rebased, 3 rebased but some entries need review, 1 conflicts (nothing written)."
        })
public final class RebaseCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    @Mixin
    Options.PatchsetArg patchset;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    @Option(
            names = "--keep-applied",
            description = "Keep entries already there at the new base (unsealed) instead of dropping them.")
    boolean keepApplied;

    @Option(
            names = "--accept-drift",
            paramLabel = "ID|all",
            description = {
                "Reseal this entry although its matched text or matched line changed (repeatable; 'all' for every one).",
                "Without it such an entry is a conflict."
            })
    Set<String> acceptDrift = new TreeSet<>();

    static final class Mode {
        @Option(names = "--onto", paramLabel = "REV", description = "Superproject revision to rebase onto.")
        String onto;

        @Option(names = "--continue", description = "Pick up the resolutions in DIR/.rebase/ and finish.")
        boolean resume;

        @Option(names = "--abort", description = "Remove DIR/.rebase/; the patchset was never changed.")
        boolean abort;
    }

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        if (mode.abort) {
            Rebase.Aborted aborted = Rebase.abort(patchset.dir);
            err().println("patchpin: rebase aborted; " + patchset.dir + " is as it was");
            return aborted.exitCode().code();
        }
        RebaseResult r;
        try (Workspace ws = workspace.open();
                WriteLock busy = workspace.lock(patchset.dir, "rebase");
                Progress p = progress("rebasing " + patchset.dir.getFileName())) {
            r = mode.resume
                    ? Rebase.resume(ws, patchset.dir, acceptDrift)
                    : Rebase.start(
                            ws,
                            new Rebase.Request(patchset.dir, mode.onto, keepApplied, acceptDrift),
                            Writes.atomic(ws.settings()));
        }
        print(f == FormatOption.Format.JSON ? RebaseJson.render(r) : RebaseText.render(r));
        return r.exitCode().code();
    }
}
