package io.patchpin.report;

import io.patchpin.audit.AuditReport;
import io.patchpin.core.JsonText;

/** Text and JSON renderings of an {@link AuditReport}. */
public final class AuditText {
    private AuditText() {}

    public static String text(AuditReport r) {
        StringBuilder b = new StringBuilder();
        for (AuditReport.WrongCommit w : r.wrongCommits()) {
            b.append("wrong commit  ")
                    .append(w.component())
                    .append(": at ")
                    .append(w.checkedOut())
                    .append(", pinned ")
                    .append(w.locked())
                    .append('\n');
        }
        for (AuditReport.Patched p : r.patched()) {
            b.append("patched       ")
                    .append(p.component())
                    .append(": at ")
                    .append(p.checkedOut())
                    .append(", pin plus ")
                    .append(p.holds().size())
                    .append(" commit(s) holding ")
                    .append(String.join(", ", p.holds()))
                    .append('\n');
        }
        for (AuditReport.Unrecorded u : r.unrecorded()) {
            b.append("unrecorded    ")
                    .append(u.component())
                    .append(": ")
                    .append(u.file())
                    .append(": ")
                    .append(String.join(", ", u.lines()))
                    .append('\n');
        }
        for (AuditReport.NotApplied n : r.notApplied()) {
            b.append("not applied   ")
                    .append(n.patchset())
                    .append('/')
                    .append(n.id())
                    .append(" [")
                    .append(n.kind().word())
                    .append("] ")
                    .append(n.component())
                    .append(": ")
                    .append(n.verdict())
                    .append(n.detail().isEmpty() ? "" : " (" + n.detail() + ")")
                    .append('\n');
        }
        b.append("audit: ")
                .append(r.components())
                .append(" component(s) checked; ")
                .append(r.explained())
                .append(" changed file(s) explained, ")
                .append(r.unrecorded().size())
                .append(" unrecorded, ")
                .append(r.notApplied().size())
                .append(" entr")
                .append(r.notApplied().size() == 1 ? "y" : "ies")
                .append(" not applied, ")
                .append(r.wrongCommits().size())
                .append(" at the wrong commit\n");
        return b.toString();
    }

    public static String json(AuditReport r) {
        return JsonText.prettyObject(g -> {
            g.writeNumberField("components", r.components());
            JsonText.objects(g, "wrong_commit", r.wrongCommits(), (o, c) -> {
                o.writeStringField("component", c.component());
                o.writeStringField("checked_out", c.checkedOut());
                o.writeStringField("pinned", c.locked());
            });
            JsonText.objects(g, "patched", r.patched(), (o, p) -> {
                o.writeStringField("component", p.component());
                o.writeStringField("checked_out", p.checkedOut());
                JsonText.strings(o, "holds", p.holds());
            });
            JsonText.objects(g, "unrecorded", r.unrecorded(), (o, u) -> {
                o.writeStringField("component", u.component());
                o.writeStringField("file", u.file());
                JsonText.strings(o, "lines", u.lines());
            });
            JsonText.objects(g, "not_applied", r.notApplied(), (o, n) -> {
                o.writeStringField("patchset", n.patchset());
                o.writeStringField("id", n.id());
                o.writeStringField("kind", n.kind().word());
                o.writeStringField("component", n.component());
                o.writeStringField("verdict", n.verdict().name());
                o.writeStringField("detail", n.detail());
            });
            g.writeNumberField("explained", r.explained());
            g.writeBooleanField("clean", r.clean());
        });
    }
}
