package io.patchpin.report;

import io.patchpin.check.EntryVerdict;
import io.patchpin.core.Markup;
import io.patchpin.verify.Report;
import java.time.Duration;
import java.util.Locale;

/**
 * JUnit XML for CI servers: a test suite per patchset, a test case per entry (class name = patchset, then the
 * component's path segments, dot-separated, as Java class names read: {@code gfx1103.compiler.amd-llvm}, the
 * superproject's entries under the patchset's name alone); review entries are skipped with the detail as message,
 * broken ones fail. Every element carries {@code time}, the seconds the check took: a set's share of the run and, since
 * entries are checked together, 0 for each test case.
 */
public final class JunitReport {
    private JunitReport() {}

    /** @param elapsed how long the check took, shared between the sets by their number of entries */
    public static String render(Report r, Duration elapsed) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        int all = total(r.summary());
        b.append(suite("<testsuites", "patchpin verify", r.summary(), elapsed.toNanos()));
        for (Report.SetReport s : r.patchsets()) {
            long share = all == 0 ? 0 : elapsed.toNanos() * total(s.summary()) / all;
            b.append(suite("  <testsuite", esc(s.name()), s.summary(), share));
            s.entries().forEach(v -> testcase(b, s.name(), v));
            b.append("  </testsuite>\n");
        }
        return b.append("</testsuites>\n").toString();
    }

    private static String suite(String open, String name, Report.Summary sum, long nanos) {
        return open + " name=\"" + name + "\" tests=\"" + total(sum) + "\" failures=\"" + sum.broken() + "\" skipped=\""
                + (sum.review() + sum.skipped()) + "\" errors=\"0\" time=\"" + seconds(nanos) + "\">\n";
    }

    private static void testcase(StringBuilder b, String set, EntryVerdict v) {
        String message = v.verdict().name() + ": " + v.detail();
        b.append("    <testcase classname=\"" + esc(classname(set, v.component())) + "\" name=\"" + esc(v.id())
                + "\" time=\"0.000\"");
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
