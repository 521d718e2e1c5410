package io.patchpin.audit;

import io.patchpin.core.JsonText;


/** Text and JSON renderings of an {@link AuditReport}. */
public final class AuditText {
    private AuditText() {
    }

    public static String text(AuditReport r) {
        StringBuilder b = new StringBuilder();
        for (AuditReport.WrongCommit w : r.wrongCommits()) {
            b.append("wrong commit  ").append(w.component()).append(": at ").append(w.checkedOut()).append(", pinned ")
                    .append(w.locked()).append('\n');
        }
        for (AuditReport.Patched p : r.patched()) {
            b.append("patched       ").append(p.component()).append(": at ").append(p.checkedOut()).append(", pin plus ")
                    .append(p.holds().size()).append(" commit(s) holding ").append(String.join(", ", p.holds())).append('\n');
        }
        for (AuditReport.Unrecorded u : r.unrecorded()) {
            b.append("unrecorded    ").append(u.component()).append(": ").append(u.file()).append(": ")
                    .append(String.join(", ", u.lines())).append('\n');
        }
        for (AuditReport.NotApplied n : r.notApplied()) {
            b.append("not applied   ").append(n.patchset()).append('/').append(n.id()).append(" [").append(n.kind())
                    .append("] ").append(n.component()).append(": ").append(n.verdict())
                    .append(n.detail().isEmpty() ? "" : " (" + n.detail() + ")").append('\n');
        }
        b.append("audit: ").append(r.components()).append(" component(s) checked; ").append(r.explained().size())
                .append(" changed file(s) explained, ").append(r.unrecorded().size()).append(" unrecorded, ")
                .append(r.notApplied().size()).append(" entr").append(r.notApplied().size() == 1 ? "y" : "ies")
                .append(" not applied, ").append(r.wrongCommits().size()).append(" at the wrong commit\n");
        return b.toString();
    }

    public static String json(AuditReport r) {
        return JsonText.pretty(g -> {
            g.writeStartObject();
            g.writeNumberField("components", r.components());
            g.writeArrayFieldStart("wrong_commit");
            for (AuditReport.WrongCommit c : r.wrongCommits()) {
                g.writeStartObject();
                g.writeStringField("component", c.component());
                g.writeStringField("checked_out", c.checkedOut());
                g.writeStringField("pinned", c.locked());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("patched");
            for (AuditReport.Patched p : r.patched()) {
                g.writeStartObject();
                g.writeStringField("component", p.component());
                g.writeStringField("checked_out", p.checkedOut());
                g.writeArrayFieldStart("holds");
                for (String h : p.holds()) {
                    g.writeString(h);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("unrecorded");
            for (AuditReport.Unrecorded u : r.unrecorded()) {
                g.writeStartObject();
                g.writeStringField("component", u.component());
                g.writeStringField("file", u.file());
                g.writeArrayFieldStart("lines");
                for (String l : u.lines()) {
                    g.writeString(l);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("not_applied");
            for (AuditReport.NotApplied n : r.notApplied()) {
                g.writeStartObject();
                g.writeStringField("patchset", n.patchset());
                g.writeStringField("id", n.id());
                g.writeStringField("kind", n.kind());
                g.writeStringField("component", n.component());
                g.writeStringField("verdict", n.verdict());
                g.writeStringField("detail", n.detail());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeNumberField("explained", r.explained().size());
            g.writeBooleanField("clean", r.clean());
            g.writeEndObject();
        });
    }
}
