package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.report.Finding;
import io.patchpin.report.Findings;
import io.patchpin.report.GithubReport;
import io.patchpin.report.SarifReport;
import io.patchpin.report.StepSummary;
import io.patchpin.verify.Verification;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/** Prints verify's result for GitHub Actions (workflow commands and the step summary) or as SARIF. */
final class CiPrinter {
    static final String STEP_SUMMARY = "GITHUB_STEP_SUMMARY";

    private CiPrinter() {}

    /** @param summary the step summary file to append the table to, or null */
    static void print(PrintWriter out, FormatOption.Format format, Verification.Result result, String summary) {
        List<Finding> findings = Findings.of(result.run(), result.report(), Path.of(""));
        String rev = result.report().rev();
        if (format == FormatOption.Format.SARIF) {
            out.print(SarifReport.render(findings, rev));
        } else {
            out.print(GithubReport.render(findings));
            if (summary != null && !summary.isEmpty()) {
                append(Path.of(summary), StepSummary.render(findings, rev));
            }
        }
        out.flush();
    }

    private static void append(Path file, String markdown) {
        try {
            Files.writeString(
                    file, markdown, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new BadInputException("$" + STEP_SUMMARY, 0, "cannot append to " + file + ": " + e.getMessage(), e);
        }
    }
}
