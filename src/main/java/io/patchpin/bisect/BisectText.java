package io.patchpin.bisect;

import io.patchpin.core.JsonText;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/** Text and JSON renderings of a {@link BisectResult}. */
public final class BisectText {
    private BisectText() {
    }

    public static String text(BisectResult r) {
        StringBuilder way = new StringBuilder();
        if (!r.onTheWay().isEmpty()) {
            way.append("  on the way:\n");
            for (BisectResult.Step s : r.onTheWay()) {
                way.append("    ").append(s.commit().id(), 0, 12).append(' ').append(s.commit().date(), 0, 10).append(' ')
                        .append(s.from()).append(" -> ").append(s.to()).append("  ").append(s.commit().subject())
                        .append(s.detail().isEmpty() ? "" : " (" + s.detail() + ")").append('\n');
            }
        }
        String what = r.until().equals("broken") ? " first broken at " : " first breaks at ";
        return "entry " + r.entry() + what + r.commit() + "\n"
                + "  subject: " + r.subject() + "\n"
                + "  author:  " + r.author() + "\n"
                + "  date:    " + r.date() + "\n"
                + "  " + r.component() + ": " + shortId(r.componentBefore()) + " -> " + shortId(r.componentAfter()) + "\n"
                + "  verdict: " + r.verdict() + (r.detail().isEmpty() ? "" : ": " + r.detail()) + "\n"
                + way
                + "  " + r.checks() + " verifications over " + r.candidates() + " first-parent commits\n";
    }

    public static String json(BisectResult r) {
        return JsonText.prettyObject(g -> {
            g.writeStringField("entry", r.entry());
            g.writeStringField("commit", r.commit());
            g.writeStringField("subject", r.subject());
            g.writeStringField("author", r.author());
            g.writeStringField("date", r.date());
            g.writeStringField("component", r.component());
            g.writeStringField("component_before", r.componentBefore());
            g.writeStringField("component_after", r.componentAfter());
            g.writeStringField("verdict", r.verdict());
            g.writeStringField("detail", r.detail());
            g.writeNumberField("candidates", r.candidates());
            g.writeNumberField("checks", r.checks());
            g.writeStringField("until", r.until());
            JsonText.objects(g, "on_the_way", r.onTheWay(), (o, s) -> {
                commitFields(o, s.commit());
                o.writeStringField("from", s.from());
                o.writeStringField("to", s.to());
                o.writeStringField("detail", s.detail());
            });
        });
    }

    /** The commit, date and subject fields of a superproject commit, as bisect and history write them. */
    public static void commitFields(JsonGenerator g, LineCommit c) throws IOException {
        g.writeStringField("commit", c.id());
        g.writeStringField("date", c.date());
        g.writeStringField("committed", c.committed());
        g.writeStringField("subject", c.subject());
    }

    private static String shortId(String id) {
        return id == null ? "(absent)" : id.substring(0, 12);
    }
}
