package io.patchpin.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.patchpin.bisect.BisectResult;
import io.patchpin.bisect.LineCommit;
import io.patchpin.bisect.Until;
import io.patchpin.core.JsonText;
import java.io.IOException;
import java.util.Optional;

/** Text and JSON renderings of a {@link BisectResult}. */
public final class BisectText {
    private BisectText() {}

    public static String text(BisectResult r) {
        StringBuilder way = new StringBuilder();
        if (!r.onTheWay().isEmpty()) {
            way.append("  on the way:\n");
            for (BisectResult.Step s : r.onTheWay()) {
                way.append("    " + s.commit().id().substring(0, 12) + " "
                        + s.commit().date().substring(0, 10) + " "
                        + s.from() + " -> " + s.to() + "  " + s.commit().subject()
                        + (s.detail().isEmpty() ? "" : " (" + s.detail() + ")") + "\n");
            }
        }
        String what = r.until() == Until.BROKEN ? " first broken at " : " first breaks at ";
        BisectResult.ComponentChange c = r.component();
        return "entry " + r.entry() + what + r.commit().id() + "\n"
                + "  subject: " + r.commit().subject() + "\n"
                + "  author:  " + r.commit().author() + "\n"
                + "  date:    " + r.commit().date() + "\n"
                + "  " + c.path() + ": " + shortId(c.before()) + " -> " + shortId(c.after()) + "\n"
                + "  verdict: " + r.verdict() + (r.detail().isEmpty() ? "" : ": " + r.detail()) + "\n"
                + way
                + "  " + r.search().checks() + " verifications over "
                + r.search().candidates() + " first-parent commits\n";
    }

    public static String json(BisectResult r) {
        return JsonText.prettyObject(g -> {
            g.writeStringField("entry", r.entry());
            g.writeStringField("commit", r.commit().id());
            g.writeStringField("subject", r.commit().subject());
            g.writeStringField("author", r.commit().author());
            g.writeStringField("date", r.commit().date());
            g.writeStringField("component", r.component().path());
            g.writeStringField("component_before", r.component().before().orElse(null));
            g.writeStringField("component_after", r.component().after().orElse(null));
            g.writeStringField("verdict", r.verdict().name());
            g.writeStringField("detail", r.detail());
            g.writeNumberField("candidates", r.search().candidates());
            g.writeNumberField("checks", r.search().checks());
            g.writeStringField("until", r.until().word());
            JsonText.objects(g, "on_the_way", r.onTheWay(), (o, s) -> {
                commitFields(o, s.commit());
                o.writeStringField("from", s.from().name());
                o.writeStringField("to", s.to().name());
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

    private static String shortId(Optional<String> id) {
        return id.map(i -> i.substring(0, 12)).orElse("(absent)");
    }
}
