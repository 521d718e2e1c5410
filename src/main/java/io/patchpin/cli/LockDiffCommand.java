package io.patchpin.cli;

import io.patchpin.lock.Lock;
import io.patchpin.lock.LockDiff;
import io.patchpin.lock.LockDiffer;
import io.patchpin.lock.LockFile;
import io.patchpin.lock.LockHistory;
import io.patchpin.report.LockReports;
import io.patchpin.workspace.Workspace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code patchpin lock diff OLD NEW}: added, removed, moved and changed components. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compare two lockfiles: added, removed, moved (old -> new), URL/branch changed.",
            "With --repo, commits ahead/behind and subjects of moved components whose objects are present.",
            "Exit 0 when the same, 1 when different."})
public final class LockDiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOptions workspace;

    @Mixin
    TextOrJsonOption format;

    @Parameters(index = "0", paramLabel = "OLD", description = "The old lockfile.")
    Path oldFile;

    @Parameters(index = "1", paramLabel = "NEW", description = "The new lockfile.")
    Path newFile;

    @Option(names = "--log", paramLabel = "N", defaultValue = "10",
            description = "Subjects shown per moved component with --repo (default: ${DEFAULT-VALUE}).")
    int log;

    @Override
    public Integer call() {
        format.format();
        Lock oldLock = LockFile.read(oldFile);
        Lock newLock = LockFile.read(newFile);
        LockDiff diff = LockDiffer.diff(oldLock, newLock);
        if (workspace.repo != null && !diff.moved().isEmpty()) {
            try (Workspace ws = workspace.open()) {
                diff = LockHistory.annotate(diff, ws, oldLock, newLock, Math.max(0, log));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(format.format() == FormatOption.Format.JSON ? LockReports.diffJson(diff) : LockReports.diffText(diff));
        out.flush();
        return diff.exitCode().code();
    }
}
