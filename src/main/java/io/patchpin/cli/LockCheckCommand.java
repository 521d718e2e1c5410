package io.patchpin.cli;

import io.patchpin.lock.Lock;
import io.patchpin.lock.LockCheck;
import io.patchpin.lock.LockChecker;
import io.patchpin.lock.LockFile;
import io.patchpin.report.LockReports;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(
        name = "check",
        description = {
            "Check the work tree against a lock: wrong commit, uninitialised, dirty.",
            "Exit 0 when every component is as locked, 1 otherwise."
        })
public final class LockCheckCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    @Mixin
    Options.LockArg lockfile;

    @Parameters(
            index = "1..*",
            arity = "0..*",
            paramLabel = "DIR",
            description = "Patchsets whose entries, applied as commits, make a component patched, not wrong-commit "
                    + "(default: the lock's patchsets found in ../patchsets beside it).")
    List<Path> dirs = new ArrayList<>();

    @Mixin
    Options.Components components;

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        Lock lock = LockFile.read(lockfile.file);
        LockCheck check;
        try (Workspace ws = workspace.open()) {
            List<Path> sets = dirs.isEmpty() ? LockChecker.lockedPatchsets(lockfile.file, lock) : dirs;
            check = LockChecker.check(ws, lock, sets, components.filter());
        }
        print(f == FormatOption.Format.JSON ? LockReports.checkJson(check) : LockReports.checkText(check));
        return check.exitCode().code();
    }
}
