package io.patchpin.cli;

import io.patchpin.report.JsonReport;
import io.patchpin.report.JunitReport;
import io.patchpin.report.TextReport;
import io.patchpin.verify.Report;
import java.time.Duration;

/** A verification report in the chosen format. */
final class ReportPrinter {
    private ReportPrinter() {}

    /** @param elapsed how long the work took (JUnit's {@code time}) */
    static String render(FormatOption.Format format, Report report, Duration elapsed) {
        return switch (format) {
            case TEXT -> TextReport.render(report);
            case JSON -> JsonReport.render(report);
            case JUNIT -> JunitReport.render(report, elapsed);
            case GITHUB, SARIF, HTML, MARKDOWN ->
                throw new IllegalArgumentException("not a report printer format: " + format);
        };
    }
}
