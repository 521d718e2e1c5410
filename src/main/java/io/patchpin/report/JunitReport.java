package io.patchpin.report;

import io.patchpin.verify.Report;

import io.patchpin.check.EntryVerdict;

/**
 * JUnit XML for CI servers: a test suite per patchset, a test case per entry
 * (class name = patchset.component); review entries are skipped with the
 * detail as message, broken ones fail.
 */
public final class JunitReport {
    private JunitReport() {
    }

    public static String render(Report r) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append("<testsuites name=\"patchpin verify\" tests=\"").append(total(r.summary()))
                .append("\" failures=\"").append(r.summary().broken()).append("\" skipped=\"")
                .append(r.summary().review()).append("\">\n");
        for (Report.SetReport s : r.patchsets()) {
            Report.Summary sum = s.summary();
            b.append("  <testsuite name=\"").append(esc(s.name())).append("\" tests=\"").append(total(sum))
                    .append("\" failures=\"").append(sum.broken()).append("\" skipped=\"").append(sum.review())
                    .append("\" errors=\"0\">\n");
            for (EntryVerdict v : s.entries()) {
                testcase(b, s.name(), v);
            }
            b.append("  </testsuite>\n");
        }
        return b.append("</testsuites>\n").toString();
    }

    private static void testcase(StringBuilder b, String set, EntryVerdict v) {
        String message = v.verdict().name() + ": " + v.detail();
        b.append("    <testcase classname=\"").append(esc(set + "." + v.component())).append("\" name=\"")
                .append(esc(v.id())).append("\"");
        b.append(switch (v.verdictClass()) {
            case OK -> "/>\n";
            case REVIEW -> ">\n      <skipped message=\"" + esc(message) + "\"/>\n    </testcase>\n";
            case BROKEN -> ">\n      <failure type=\"" + v.verdict().name() + "\" message=\"" + esc(message) + "\">"
                    + esc(String.join(",", v.files()) + ": " + v.detail()) + "</failure>\n    </testcase>\n";
        });
    }

    private static int total(Report.Summary s) {
        return s.ok() + s.review() + s.broken();
    }

    static String esc(String s) {
        return io.patchpin.core.Markup.escape(s, true);
    }
}
