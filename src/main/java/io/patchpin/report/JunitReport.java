package io.patchpin.report;

import io.patchpin.check.EntryVerdict;
import io.patchpin.core.Markup;
import io.patchpin.verify.Report;
import java.time.Duration;
import java.util.Locale;

/**
 * JUnit XML for CI servers: a test suite per patchset, a test case per entry
 * (class name = patchset, then the component's path segments, dot-separated,
 * as Java class names read: {@code gfx1103.compiler.amd-llvm}, the superproject's
 * entries under the patchset's name alone); review entries are skipped with the
 * detail as message, broken ones fail. Every element carries {@code time}, the
 * seconds the check took: a set's share of the run and, since entries are
 * checked together, 0 for each test case.
 */
public final class JunitReport {
    private JunitReport() {}

    public static String render(Report r) {
        return render(r, Duration.ZERO);
    }

    /** @param elapsed how long the check took, shared between the sets by their number of entries */
    public static String render(Report r, Duration elapsed) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        int all = total(r.summary());
        b.append("<testsuites name=\"patchpin verify\" tests=\"")
                .append(all)
                .append("\" failures=\"")
                .append(r.summary().broken())
                .append("\" skipped=\"")
                .append(r.summary().review() + r.summary().skipped())
                .append("\" errors=\"0\" time=\"")
                .append(seconds(elapsed.toNanos()))
                .append("\">\n");
        for (Report.SetReport s : r.patchsets()) {
            Report.Summary sum = s.summary();
            long share = all == 0 ? 0 : elapsed.toNanos() * total(sum) / all;
            b.append("  <testsuite name=\"")
                    .append(esc(s.name()))
                    .append("\" tests=\"")
                    .append(total(sum))
                    .append("\" failures=\"")
                    .append(sum.broken())
                    .append("\" skipped=\"")
                    .append(sum.review() + sum.skipped())
                    .append("\" errors=\"0\" time=\"")
                    .append(seconds(share))
                    .append("\">\n");
            for (EntryVerdict v : s.entries()) {
                testcase(b, s.name(), v);
            }
            b.append("  </testsuite>\n");
        }
        return b.append("</testsuites>\n").toString();
    }

    private static void testcase(StringBuilder b, String set, EntryVerdict v) {
        String message = v.verdict().name() + ": " + v.detail();
        b.append("    <testcase classname=\"")
                .append(esc(classname(set, v.component())))
                .append("\" name=\"")
                .append(esc(v.id()))
                .append("\" time=\"0.000\"");
        b.append(
                switch (v.verdictClass()) {
                    case OK -> "/>\n";
                    case REVIEW, SKIPPED -> ">\n      <skipped message=\"" + esc(message) + "\"/>\n    </testcase>\n";
                    case BROKEN ->
                        ">\n      <failure type=\"" + v.verdict().name() + "\" message=\"" + esc(message) + "\">"
                                + esc(String.join(",", v.files()) + ": " + v.detail())
                                + "</failure>\n    </testcase>\n";
                });
    }

    /** {@code set.path.segments}; the superproject ("." or "") adds nothing. */
    public static String classname(String set, String component) {
        if (component == null || component.isEmpty() || component.equals(".")) {
            return set;
        }
        return set + "." + component.replace('/', '.');
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    private static int total(Report.Summary s) {
        return s.ok() + s.review() + s.broken() + s.skipped();
    }

    static String esc(String s) {
        return Markup.escape(s, true);
    }
}
