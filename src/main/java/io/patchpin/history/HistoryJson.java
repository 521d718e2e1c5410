package io.patchpin.history;

import io.patchpin.core.JsonText;
import io.patchpin.bisect.LineCommit;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.VerdictClass;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/** The JSON rendering of a {@link HistoryReport}: one document; fields may be added, never renamed. */
public final class HistoryJson {
    private HistoryJson() {
    }

    public static String render(HistoryReport r) {
        return JsonText.compact(g -> {
            g.writeStartObject();
            g.writeStringField("from", r.from().id());
            g.writeStringField("to", r.to().id());
            g.writeNumberField("line_commits", r.lineSize());
            g.writeNumberField("checked", r.checked());
            g.writeBooleanField("sampled", r.sampled());
            g.writeArrayFieldStart("commits");
            for (LineCommit c : r.columns()) {
                commit(g, c);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("entries");
            for (HistoryReport.Row row : r.rows()) {
                row(g, row);
            }
            g.writeEndArray();
            int[] counts = new int[VerdictClass.values().length];
            r.rows().forEach(row -> counts[row.last().verdictClass().ordinal()]++);
            g.writeObjectFieldStart("summary");
            for (VerdictClass c : VerdictClass.values()) {
                g.writeNumberField(c.word(), counts[c.ordinal()]);
            }
            g.writeEndObject();
            g.writeEndObject();
        });
    }

    private static void row(JsonGenerator g, HistoryReport.Row row) throws IOException {
        g.writeStartObject();
        g.writeStringField("patchset", row.patchset());
        g.writeStringField("id", row.id());
        g.writeStringField("kind", row.kind());
        g.writeStringField("component", row.component());
        g.writeArrayFieldStart("files");
        for (String f : row.files()) {
            g.writeString(f);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("verdicts");
        for (EntryVerdict v : row.cells()) {
            g.writeString(v.verdict().name());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("details");
        for (EntryVerdict v : row.cells()) {
            g.writeString(v.detail());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("transitions");
        for (HistoryReport.Transition t : row.transitions()) {
            commit(g, t.commit());
            g.writeStringField("from", t.from().name());
            g.writeStringField("to", t.to().name());
            g.writeStringField("detail", t.detail());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Opens an object with the commit's fields; the caller closes it. */
    private static void commit(JsonGenerator g, LineCommit c) throws IOException {
        g.writeStartObject();
        g.writeStringField("commit", c.id());
        g.writeStringField("date", c.date());
        g.writeStringField("subject", c.subject());
    }
}
