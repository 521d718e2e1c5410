package io.patchpin.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.patchpin.check.EntryVerdict;
import io.patchpin.core.JsonText;
import io.patchpin.verify.Report;
import java.io.IOException;

/** The JSON report exactly as DESIGN fixes it; fields in a fixed order, one document. */
public final class JsonReport {
    private JsonReport() {}

    public static String render(Report r) {
        return JsonText.prettyObject(g -> {
            g.writeStringField("rev", r.rev());
            JsonText.objects(g, "patchsets", r.patchsets(), JsonReport::writeSet);
            writeSummary(g, r.summary());
        });
    }

    /** The {@code summary} object: how many entries are ok, need review, are broken. */
    public static void writeSummary(JsonGenerator g, Report.Summary s) throws IOException {
        g.writeObjectFieldStart("summary");
        g.writeNumberField("ok", s.ok());
        g.writeNumberField("review", s.review());
        g.writeNumberField("broken", s.broken());
        g.writeNumberField("skipped", s.skipped()); // added: not for the version here (the entry's when)
        g.writeEndObject();
    }

    private static void writeSet(JsonGenerator g, Report.SetReport s) throws IOException {
        g.writeStringField("name", s.name());
        JsonText.stringOrNull(g, "base", s.base());
        if (s.theRock() != null) {
            // added, for TheRock's own patches only: where they are read, since they have no base of their own
            g.writeStringField("therock", s.theRock());
        }
        JsonText.objects(g, "entries", s.entries(), JsonReport::writeEntry);
    }

    private static void writeEntry(JsonGenerator g, EntryVerdict v) throws IOException {
        g.writeStringField("id", v.id());
        g.writeStringField("kind", v.kind().word());
        g.writeStringField("component", v.component());
        JsonText.strings(g, "files", v.files());
        g.writeStringField("verdict", v.verdict().name());
        g.writeStringField("class", v.verdictClass().word());
        g.writeStringField("detail", v.detail());
        EvidenceJson.write(g, v);
    }
}
