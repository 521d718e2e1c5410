package io.patchpin.cli;

import io.patchpin.report.JsonReport;
import io.patchpin.report.JunitReport;
import io.patchpin.report.TextReport;
import io.patchpin.verify.Report;
import java.io.PrintWriter;
import java.time.Duration;

/** Prints a report on stdout in the chosen format. */
final class ReportPrinter {
    private ReportPrinter() {}

    static void print(PrintWriter out, FormatOption.Format format, Report report) {
        print(out, format, report, Duration.ZERO);
    }

    /** @param elapsed how long the work took (JUnit's {@code time}) */
    static void print(PrintWriter out, FormatOption.Format format, Report report, Duration elapsed) {
        String text =
                switch (format) {
                    case TEXT -> TextReport.render(report);
                    case JSON -> JsonReport.render(report);
                    case JUNIT -> JunitReport.render(report, elapsed);
                    case GITHUB, SARIF, HTML, MARKDOWN ->
                        throw new IllegalArgumentException("not a report printer format: " + format);
                };
        out.print(text);
        out.flush();
    }
}
