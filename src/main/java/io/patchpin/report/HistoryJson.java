package io.patchpin.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.JsonText;
import io.patchpin.history.HistoryReport;
import java.io.IOException;
import java.io.Writer;

/** The JSON rendering of a {@link HistoryReport}: one document; fields may be added, never renamed. */
public final class HistoryJson {
    private HistoryJson() {}

    /** The document, written into {@code out} as it is made: over a long line it is megabytes. */
    public static void write(HistoryReport r, Writer out) throws IOException {
        JsonText.compactObject(out, g -> {
            g.writeStringField("from", r.from().id());
            g.writeStringField("to", r.to().id());
            g.writeNumberField("line_commits", r.lineSize());
            g.writeNumberField("checked", r.checked());
            g.writeBooleanField("sampled", r.sampled());
            JsonText.objects(g, "commits", r.columns(), BisectText::commitFields);
            JsonText.objects(g, "entries", r.rows(), HistoryJson::row);
            JsonReport.writeSummary(g, r.summary());
        });
    }

    private static void row(JsonGenerator g, HistoryReport.Row row) throws IOException {
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
