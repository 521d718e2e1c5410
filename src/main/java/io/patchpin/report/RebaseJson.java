package io.patchpin.report;

import io.patchpin.core.JsonText;
import io.patchpin.rebase.RebaseResult;
import java.nio.file.Path;

/** The JSON report of a rebase: one document, fields in a fixed order. */
public final class RebaseJson {
    private RebaseJson() {}

    public static String render(RebaseResult r) {
        return JsonText.prettyObject(g -> {
            g.writeStringField("patchset", r.name());
            g.writeStringField("base", r.oldBase().orElse(null));
            g.writeStringField("onto", r.onto());
            g.writeBooleanField("written", r.written());
            g.writeStringField("conflicts", r.conflicts().map(Path::toString).orElse(null));
            JsonText.objects(g, "entries", r.outcomes(), (e, o) -> {
                e.writeStringField("id", o.id());
                e.writeStringField("kind", o.kind().word());
                e.writeStringField("component", o.component());
                e.writeStringField("verdict", o.verdictWord());
                e.writeStringField("action", o.action().word());
                e.writeStringField("detail", o.detail());
                JsonText.strings(e, "lines_before", o.shown().linesNow());
                JsonText.strings(e, "lines_after", o.shown().linesAfter());
                JsonText.strings(e, "lines_above", o.shown().linesAbove());
            });
        });
    }
}
