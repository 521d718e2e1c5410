package io.patchpin.verify;

import io.patchpin.core.JsonText;
import io.patchpin.check.EntryVerdict;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/** The JSON report exactly as DESIGN fixes it; fields in a fixed order, one document. */
public final class JsonReport {
    private JsonReport() {
    }

    public static String render(Report r) {
        return JsonText.prettyObject(g -> {
            g.writeStringField("rev", r.rev());
            JsonText.objects(g, "patchsets", r.patchsets(), JsonReport::writeSet);
            g.writeObjectFieldStart("summary");
            g.writeNumberField("ok", r.summary().ok());
            g.writeNumberField("review", r.summary().review());
            g.writeNumberField("broken", r.summary().broken());
            g.writeEndObject();
        });
    }

    private static void writeSet(JsonGenerator g, Report.SetReport s) throws IOException {
        g.writeStringField("name", s.name());
        g.writeStringField("base", s.base());
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
