package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Progress;
import io.patchpin.report.Finding;
import io.patchpin.report.Findings;
import io.patchpin.report.GithubReport;
import io.patchpin.report.JsonReport;
import io.patchpin.report.JunitReport;
import io.patchpin.report.SarifReport;
import io.patchpin.report.TextReport;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.Report;
import io.patchpin.verify.Verification;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    private static final String STEP_SUMMARY = "GITHUB_STEP_SUMMARY";

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
    Options.Rev rev;

    @Mixin
    Options.Components components;

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
                printForCi(f, result);
            } else {
                print(render(f, result.report(), Duration.ofNanos(System.nanoTime() - started)));
            }
            return result.exitCode().code();
        }
    }

    /** The report as text, JSON or JUnit (whose {@code time} is {@code elapsed}); apply prints it so too. */
    static String render(FormatOption.Format format, Report report, Duration elapsed) {
        return switch (format) {
            case TEXT -> TextReport.render(report);
            case JSON -> JsonReport.render(report);
            case JUNIT -> JunitReport.render(report, elapsed);
            case GITHUB, SARIF, HTML, MARKDOWN ->
                throw new IllegalArgumentException("not a report printer format: " + format);
        };
    }

    /** For GitHub Actions (workflow commands, and the table appended to the step summary) or as SARIF. */
    private void printForCi(FormatOption.Format format, Verification.Result result) {
        List<Finding> findings = Findings.of(result.run(), result.report(), Path.of(""));
        String rev = result.report().rev();
        if (format == FormatOption.Format.SARIF) {
            print(SarifReport.render(findings, rev));
            return;
        }
        print(GithubReport.render(findings));
        String summary = System.getenv(STEP_SUMMARY);
        if (summary != null && !summary.isEmpty()) {
            Path file = Path.of(summary);
            try {
                Files.writeString(
                        file,
                        GithubReport.summary(findings, rev),
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new BadInputException(
                        "$" + STEP_SUMMARY, 0, "cannot append to " + file + ": " + e.getMessage(), e);
            }
        }
    }
}
