package io.patchpin.cli;

import io.patchpin.audit.Audit;
import io.patchpin.audit.AuditReport;
import io.patchpin.core.Progress;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockFile;
import io.patchpin.report.AuditText;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "audit",
        description = {
            "Every work-tree edit in every component: explained by an entry, or unrecorded.",
            "Exit 0 when everything is explained and applied, 1 otherwise."
        })
public final class AuditCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    @Option(
            names = "--lock",
            paramLabel = "LOCK",
            description = "Compare commits with this lockfile (default: the checked-out commits).")
    Path lock;

    @Parameters(arity = "0..*", paramLabel = "DIR", description = "Patchset folders whose entries explain edits.")
    List<Path> dirs = List.of();

    @Mixin
    Options.Components components;

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        Optional<Lock> pins = Optional.ofNullable(lock).map(LockFile::read);
        AuditReport r;
        try (Workspace ws = workspace.open();
                Progress p = progress("auditing the work tree")) {
            r = Audit.run(ws, new Audit.Request(pins, dirs, components.filter()));
        }
        print(f == FormatOption.Format.JSON ? AuditText.json(r) : AuditText.text(r));
        return r.exitCode().code();
    }
}
