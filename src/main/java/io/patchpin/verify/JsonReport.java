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
        return JsonText.pretty(g -> {
            g.writeStartObject();
            g.writeStringField("rev", r.rev());
            g.writeArrayFieldStart("patchsets");
            for (Report.SetReport s : r.patchsets()) {
                writeSet(g, s);
            }
            g.writeEndArray();
            g.writeObjectFieldStart("summary");
            g.writeNumberField("ok", r.summary().ok());
            g.writeNumberField("review", r.summary().review());
            g.writeNumberField("broken", r.summary().broken());
            g.writeEndObject();
            g.writeEndObject();
        });
    }

    private static void writeSet(JsonGenerator g, Report.SetReport s) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", s.name());
        g.writeStringField("base", s.base());
        g.writeArrayFieldStart("entries");
        for (EntryVerdict v : s.entries()) {
            g.writeStartObject();
            g.writeStringField("id", v.id());
            g.writeStringField("kind", v.kind().word());
            g.writeStringField("component", v.component());
            g.writeArrayFieldStart("files");
            for (String f : v.files()) {
                g.writeString(f);
            }
            g.writeEndArray();
            g.writeStringField("verdict", v.verdict().name());
            g.writeStringField("class", v.verdictClass().word());
            g.writeStringField("detail", v.detail());
            EvidenceJson.write(g, v);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
