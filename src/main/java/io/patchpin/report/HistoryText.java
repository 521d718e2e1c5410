package io.patchpin.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.patchpin.bisect.LineCommit;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.JsonText;
import io.patchpin.history.HistoryReport;
import java.io.IOException;
import java.io.Writer;
import java.util.Optional;

/**
 * The text and JSON renderings of a {@link HistoryReport}: per entry, its verdict at the start and every change after;
 * the JSON's fields may be added, never renamed.
 */
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

    /** The document, written into {@code out} as it is made: over a long line it is megabytes. */
    public static void writeJson(HistoryReport r, Writer out) throws IOException {
        JsonText.compactObject(out, g -> {
            g.writeStringField("from", r.from().id());
            g.writeStringField("to", r.to().id());
            g.writeNumberField("line_commits", r.lineSize());
            g.writeNumberField("checked", r.checked());
            g.writeBooleanField("sampled", r.sampled());
            JsonText.objects(g, "commits", r.columns(), BisectText::commitFields);
            JsonText.objects(g, "entries", r.rows(), HistoryText::jsonRow);
            JsonReport.writeSummary(g, r.summary());
        });
    }

    private static void jsonRow(JsonGenerator g, HistoryReport.Row row) throws IOException {
        g.writeStringField("patchset", row.patchset());
        g.writeStringField("id", row.id());
        g.writeStringField("kind", row.kind().word());
        g.writeStringField("component", row.component());
        JsonText.strings(g, "files", row.files());
        // null where the entry is not there (a patch of TheRock's under a layered set that came or went)
        JsonText.strings(
                g,
                "verdicts",
                row.cells().stream()
                        .map(c -> c.map(v -> v.verdict().name()).orElse(null))
                        .toList());
        JsonText.strings(
                g,
                "details",
                row.cells().stream()
                        .map(c -> c.map(EntryVerdict::detail).orElse(null))
                        .toList());
        JsonText.objects(g, "transitions", row.transitions(), (o, t) -> {
            BisectText.commitFields(o, t.commit());
            o.writeStringField("from", t.from().map(Verdict::name).orElse(null));
            o.writeStringField("to", t.to().map(Verdict::name).orElse(null));
            o.writeStringField("detail", t.detail());
        });
    }
}
