package io.patchpin.report;

import io.patchpin.audit.AuditReport;
import io.patchpin.core.JsonText;

/** Text and JSON renderings of an {@link AuditReport}. */
public final class AuditText {
    private AuditText() {}

    public static String text(AuditReport r) {
        StringBuilder b = new StringBuilder();
        for (AuditReport.WrongCommit w : r.wrongCommits()) {
            b.append("wrong commit  " + w.component() + ": at " + w.checkedOut() + ", pinned " + w.locked() + "\n");
        }
        for (AuditReport.Patched p : r.patched()) {
            b.append("patched       " + p.component() + ": at " + p.checkedOut() + ", pin plus "
                    + p.holds().size() + " commit(s) holding " + String.join(", ", p.holds()) + "\n");
        }
        for (AuditReport.Unrecorded u : r.unrecorded()) {
            b.append("unrecorded    " + u.component() + ": " + u.file() + ": " + String.join(", ", u.lines()) + "\n");
        }
        for (AuditReport.NotApplied n : r.notApplied()) {
            b.append("not applied   " + n.patchset() + "/" + n.id() + " ["
                    + n.kind().word() + "] " + n.component() + ": " + n.verdict()
                    + (n.detail().isEmpty() ? "" : " (" + n.detail() + ")") + "\n");
        }
        int notApplied = r.notApplied().size();
        return b + "audit: " + r.components() + " component(s) checked; " + r.explained()
                + " changed file(s) explained, " + r.unrecorded().size() + " unrecorded, " + notApplied + " entr"
                + (notApplied == 1 ? "y" : "ies") + " not applied, "
                + r.wrongCommits().size()
                + " at the wrong commit\n";
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
