package io.patchpin.rebase;

import io.patchpin.core.JsonText;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/** The JSON report of a rebase: one document, fields in a fixed order. */
public final class RebaseJson {
    private RebaseJson() {
    }

    private static void strings(JsonGenerator g, String name, java.util.List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    public static String render(Rebase.Result r) {
        return JsonText.pretty(g -> {
            g.writeStartObject();
            g.writeStringField("patchset", r.name());
            g.writeStringField("base", r.oldBase());
            g.writeStringField("onto", r.onto());
            g.writeBooleanField("written", r.written());
            g.writeStringField("conflicts", r.conflicts() == null ? null : r.conflicts().toString());
            g.writeArrayFieldStart("entries");
            for (Outcome o : r.outcomes()) {
                g.writeStartObject();
                g.writeStringField("id", o.id());
                g.writeStringField("kind", o.kind().word());
                g.writeStringField("component", o.component());
                g.writeStringField("verdict", o.verdictWord());
                g.writeStringField("action", o.action().word());
                g.writeStringField("detail", o.detail());
                strings(g, "lines_before", o.linesBefore());
                strings(g, "lines_after", o.linesAfter());
                strings(g, "lines_above", o.linesAbove());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
