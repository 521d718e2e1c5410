package io.patchpin.report;

import io.patchpin.bisect.LineCommit;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.history.HistoryReport;
import java.util.Optional;

/** The text rendering of a {@link HistoryReport}: per entry, its verdict at the start and every change after. */
public final class HistoryText {
    private HistoryText() {}

    public static String render(HistoryReport r) {
        StringBuilder out = new StringBuilder();
        out.append("history of " + r.rows().size() + (r.rows().size() == 1 ? " entry" : " entries") + " over "
                + r.lineSize() + " first-parent commits " + shortId(r.from()) + " (" + day(r.from()) + ") .. "
                + shortId(r.to()) + " (" + day(r.to()) + ")\n");
        out.append(sampling(r)).append("\n");
        for (HistoryReport.Row row : r.rows()) {
            Optional<EntryVerdict> first = row.cells().get(0);
            out.append(
                    "\n" + row.patchset() + "/" + row.id() + " (" + row.kind().word() + ", " + row.component() + ")\n");
            out.append("  " + shortId(r.from()) + " " + day(r.from()) + "  "
                    + first.map(v -> v.verdict() + detail(v.detail())).orElse(HistoryReport.ABSENT) + "\n");
            for (HistoryReport.Transition t : row.transitions()) {
                out.append("  " + shortId(t.commit()) + " " + day(t.commit()) + "  " + word(t.from()) + " -> "
                        + word(t.to()) + "  " + t.commit().subject() + detail(t.detail()) + "\n");
            }
            if (row.transitions().isEmpty()) {
                out.append("  no change\n");
            }
        }
        return out.toString();
    }

    /** Says how complete the changes listed are. */
    static String sampling(HistoryReport r) {
        if (!r.sampled()) {
            return "every commit checked: every change is listed";
        }
        return "sampled: " + r.checked() + " of " + r.lineSize() + " commits checked (changes between samples found"
                + " by bisecting); a change that reverts between two checked commits is missed";
    }

    /** A verdict's name, or what an entry not there at a commit is called. */
    static String word(Optional<Verdict> v) {
        return v.map(Verdict::name).orElse(HistoryReport.ABSENT);
    }

    private static String detail(String d) {
        return d.isEmpty() ? "" : ": " + d;
    }

    static String shortId(LineCommit c) {
        return c.id().substring(0, 12);
    }

    /** The committer's day: it follows the first-parent order the history walks, where the author's need not. */
    static String day(LineCommit c) {
        return c.committed().substring(0, 10);
    }
}
