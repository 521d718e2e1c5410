package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Progress;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.Verification;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "verify",
        description = {
            "One verdict per entry, at a revision (objects only, no checkout) or in the work tree.",
            "Exit 0 all ok, 3 something to review, 1 something broken."
        })
public final class VerifyCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    @Parameters(arity = "0..*", paramLabel = "DIR", description = "Patchset folders, checked in order.")
    List<Path> dirs = new ArrayList<>();

    @Option(
            names = "--therock-patches",
            paramLabel = "PATH",
            description =
                    "Check a TheRock patches/<tag> folder in place, without importing: one patchset per project folder.")
    Path therockPatches;

    @Mixin
    RevOption rev;

    @Mixin
    ComponentOption components;

    @Override
    public Integer call() {
        if ((therockPatches == null) == dirs.isEmpty()) {
            throw new BadInputException(
                    therockPatches == null ? "DIR" : "--therock-patches",
                    0,
                    therockPatches == null
                            ? "give patchset folders or --therock-patches PATH"
                            : "--therock-patches goes without patchset folders");
        }
        FormatOption.Format f = format.format();
        try (Workspace ws = workspace.open()) {
            Verification.Result result;
            long started = System.nanoTime();
            try (Progress p = progress("verifying")) {
                ComponentFilter only = components.filter();
                result = therockPatches != null
                        ? Verification.runTheRockPatches(ws, therockPatches, Optional.ofNullable(rev.rev), only)
                        : Verification.run(ws, new Verification.Request(dirs, Optional.ofNullable(rev.rev), only));
            }
            if (f == FormatOption.Format.GITHUB || f == FormatOption.Format.SARIF) {
                CiPrinter.print(out(), f, result, System.getenv(CiPrinter.STEP_SUMMARY));
                return result.exitCode().code();
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            print(ReportPrinter.render(f, result.report(), elapsed));
            return result.exitCode().code();
        }
    }
}
