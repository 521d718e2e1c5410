package io.patchpin.cli;

import io.patchpin.core.Progress;

import io.patchpin.verify.Verification;
import io.patchpin.workspace.Workspace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code patchpin verify DIR... [--rev REV] [--format F]}. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"One verdict per entry, at a revision (objects only, no checkout) or in the work tree.",
            "Exit 0 all ok, 3 something to review, 1 something broken."})
public final class VerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOptions workspace;

    @Mixin
    VerifyFormatOption format;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Patchset folders, checked in order.")
    List<Path> dirs;

    @Option(names = "--rev", paramLabel = "REV", description = "Superproject revision to check (default: the work tree).")
    String rev;

    @Override
    public Integer call() {
        try (Workspace ws = workspace.open()) {
            Verification.Result result;
            try (Progress p = Progress.start(spec.commandLine().getErr(), "verifying")) {
                result = Verification.run(ws, new Verification.Request(dirs, Optional.ofNullable(rev)));
            }
            if (format.plain() == null) {
                CiPrinter.print(spec.commandLine().getOut(), format.format(), result, System.getenv(CiPrinter.STEP_SUMMARY));
            } else {
                ReportPrinter.print(spec.commandLine().getOut(), format.plain(), result.report());
            }
            return result.report().exitCode().code();
        }
    }
}
