package io.patchpin.cli;

import io.patchpin.core.Progress;
import io.patchpin.lock.Pins;
import io.patchpin.lock.PinsReader;
import io.patchpin.report.UpdateReports;
import io.patchpin.safety.WriteLock;
import io.patchpin.safety.Writes;
import io.patchpin.update.Update;
import io.patchpin.update.UpdateResult;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "update",
        description = {
            "Move the pins' workspace root along its ref from the commit in its lock, with the patchsets rebased onto"
                    + " it.",
            "The new lock and the sets are written together, all or nothing.",
            "Exit 0 moved clean, 3 moved with entries to review, 1 blocked (nothing written)."
        })
public final class UpdateCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    @Parameters(index = "0", paramLabel = "PINS", description = "The pins file (pins/<name>.toml).")
    Path pinsFile;

    @Parameters(
            index = "1..*",
            arity = "0..*",
            paramLabel = "DIR",
            description = "Patchset folders to bring along (default: the pins file's patchsets).")
    List<Path> dirs = new ArrayList<>();

    @ArgGroup(multiplicity = "1")
    Target target;

    static final class Target {
        @Option(names = "--to", paramLabel = "REV", description = "Move to this ref or commit.")
        String to;

        @Option(
                names = "--to-tag",
                paramLabel = "GLOB",
                description = "Move to the newest tag matching GLOB in version order (e.g. 'therock-7.*').")
        String toTag;

        @Option(
                names = "--latest-good",
                description = "Move to the newest first-parent commit of the root's ref at which no entry is worse"
                        + " than at the locked commit.")
        boolean latestGood;
    }

    @Option(names = "--lock", paramLabel = "LOCK", description = "The lock to move (default: PINS' name + .lock.toml).")
    Path lock;

    @Option(names = "--dry-run", description = "Print the report; write nothing.")
    boolean dryRun;

    @Option(
            names = "--stop-before-conflict",
            description = "Where a set would not rebase cleanly at the target, move only as far as the last commit"
                    + " before the first one that breaks an entry.")
    boolean stopBeforeConflict;

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        Pins pins = PinsReader.read(pinsFile);
        Path lockFile = lock != null
                ? lock
                : pinsFile.resolveSibling(
                        pinsFile.getFileName().toString().replaceFirst("\\.toml$", "") + ".lock.toml");
        List<Path> sets = dirs.isEmpty()
                ? pins.patchsets().stream().map(pins::patchsetFolder).toList()
                : dirs;
        Path lockDir = lockFile.toAbsolutePath().normalize().getParent();
        UpdateResult.Target t = target.latestGood
                ? UpdateResult.Target.LATEST_GOOD
                : target.to != null ? UpdateResult.Target.TO : UpdateResult.Target.TO_TAG;
        Update.Request request = new Update.Request(
                pins, lockFile, sets, t, target.to != null ? target.to : target.toTag, dryRun, stopBeforeConflict);
        UpdateResult r;
        try (Workspace ws = Workspace.open(workspace.repo(pins), workspace.mirrorDir(), workspace.settings())) {
            // recovery takes each folder's lock itself: it runs before this command holds them
            workspace.recover(
                    ws, Stream.concat(Stream.of(lockDir), sets.stream()).toList(), false);
            r = update(ws, request, lockDir);
        }
        print(
                switch (f) {
                    case JSON -> UpdateReports.json(r);
                    case MARKDOWN -> UpdateReports.markdown(r);
                    default -> UpdateReports.text(r);
                });
        return r.exitCode().code();
    }

    private UpdateResult update(Workspace ws, Update.Request request, Path lockDir) {
        try (WriteLock busy = workspace.lock(lockDir, "update")) {
            // the sets' locks, taken in order and released together (those taken when one is busy, too)
            List<WriteLock> held = new ArrayList<>();
            try {
                request.dirs().forEach(d -> held.add(workspace.lock(d, "update")));
                try (Progress p = progress("updating " + request.pins().name())) {
                    return Update.run(ws, request, Writes.atomic(ws.settings()));
                }
            } finally {
                held.forEach(WriteLock::close);
            }
        }
    }
}
