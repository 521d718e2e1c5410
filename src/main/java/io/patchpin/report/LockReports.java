package io.patchpin.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.patchpin.core.Hashes;
import io.patchpin.lock.LockCheck;
import io.patchpin.lock.LockDiff;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/** Text and JSON renderings of lock diffs and lock checks, from the data only. */
public final class LockReports {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LockReports() {}

    public static String diffText(LockDiff d) {
        StringBuilder b = new StringBuilder();
        d.added().forEach(p -> line(b, "added", p.path(), shortId(p.commit())));
        d.removed().forEach(p -> line(b, "removed", p.path(), shortId(p.commit())));
        for (LockDiff.Move m : d.moved()) {
            String counts = m.ahead().isEmpty()
                    ? "  (history unknown: objects missing)"
                    : "  (" + m.ahead().getAsInt() + " ahead, " + m.behind().getAsInt() + " behind)";
            line(b, "moved", m.path(), shortId(m.oldCommit()) + " -> " + shortId(m.newCommit()) + counts);
            m.log().forEach(s -> b.append("          + ").append(s).append('\n'));
            m.dropped().forEach(s -> b.append("          - ").append(s).append('\n'));
        }
        d.changed().forEach(c -> line(b, c.field(), c.path(), show(c.oldValue()) + " -> " + show(c.newValue())));
        d.patchsets()
                .forEach(c -> line(b, "patchset", c.path(), shortId(c.oldValue()) + " -> " + shortId(c.newValue())));
        b.append(
                d.same()
                        ? "same\n"
                        : d.added().size() + " added, " + d.removed().size() + " removed, "
                                + d.moved().size() + " moved, " + d.changed().size() + " changed, "
                                + d.patchsets().size()
                                + " patchsets changed\n");
        return b.toString();
    }

    public static String diffJson(LockDiff d) {
        return write(diffNode(d));
    }

    /** The diff as the JSON object {@link #diffJson} prints, for reports that add to it. */
    static ObjectNode diffNode(LockDiff d) {
        ObjectNode root = JSON.createObjectNode();
        root.put("same", d.same());
        ArrayNode added = root.putArray("added");
        d.added().forEach(p -> added.addObject().put("path", p.path()).put("commit", p.commit()));
        ArrayNode removed = root.putArray("removed");
        d.removed().forEach(p -> removed.addObject().put("path", p.path()).put("commit", p.commit()));
        ArrayNode moved = root.putArray("moved");
        for (LockDiff.Move m : d.moved()) {
            ObjectNode o = moved.addObject()
                    .put("path", m.path())
                    .put("old", m.oldCommit())
                    .put("new", m.newCommit());
            m.ahead().ifPresentOrElse(n -> o.put("ahead", n), () -> o.putNull("ahead"));
            m.behind().ifPresentOrElse(n -> o.put("behind", n), () -> o.putNull("behind"));
            m.log().forEach(o.putArray("log")::add);
            m.dropped().forEach(o.putArray("dropped")::add);
        }
        changes(root.putArray("changed"), d.changed());
        changes(root.putArray("patchsets"), d.patchsets());
        return root;
    }

    /** The diff as Markdown for a pull request: one table of the components that changed. */
    public static String diffMarkdown(LockDiff d) {
        if (d.same()) {
            return "The locks are the same.\n";
        }
        StringBuilder b = new StringBuilder(Markdown.header("component", "change", "old", "new", "commits"));
        d.added().forEach(p -> row(b, p.path(), "added", "", shortId(p.commit()), ""));
        d.removed().forEach(p -> row(b, p.path(), "removed", shortId(p.commit()), "", ""));
        for (LockDiff.Move m : d.moved()) {
            row(
                    b,
                    m.path(),
                    "moved",
                    shortId(m.oldCommit()),
                    shortId(m.newCommit()),
                    m.ahead().isEmpty()
                            ? "unknown"
                            : m.ahead().getAsInt() + " ahead, " + m.behind().getAsInt() + " behind");
        }
        d.changed().forEach(c -> row(b, c.path(), c.field(), show(c.oldValue()), show(c.newValue()), ""));
        d.patchsets().forEach(c -> row(b, c.path(), "patchset", shortId(c.oldValue()), shortId(c.newValue()), ""));
        return b.toString();
    }

    private static void row(StringBuilder b, String path, String change, String old, String now, String commits) {
        b.append(Markdown.row(Markdown.code(path), change, Markdown.code(old), Markdown.code(now), commits));
    }

    public static String checkText(LockCheck check) {
        StringBuilder b = new StringBuilder();
        for (LockCheck.Patched p : check.patched()) {
            line(
                    b,
                    "patched",
                    p.path(),
                    "at " + Hashes.abbrev(p.head()) + ": locked commit plus "
                            + p.holds().size() + " commit(s) holding " + String.join(", ", p.holds()));
        }
        for (LockCheck.Finding f : check.findings()) {
            line(b, f.kind().word(), f.path(), f.detail());
        }
        b.append(
                check.findings().isEmpty()
                        ? "ok: " + check.checked() + " components as locked\n"
                        : check.findings().size() + " finding(s) in " + check.checked() + " components\n");
        return b.toString();
    }

    public static String checkJson(LockCheck check) {
        ObjectNode root = JSON.createObjectNode();
        root.put("ok", check.findings().isEmpty()).put("checked", check.checked());
        ArrayNode findings = root.putArray("findings");
        for (LockCheck.Finding f : check.findings()) {
            ObjectNode o = findings.addObject()
                    .put("path", f.path())
                    .put("kind", f.kind().word())
                    .put("detail", f.detail());
            f.files().forEach(o.putArray("files")::add);
        }
        ArrayNode patched = root.putArray("patched");
        for (LockCheck.Patched p : check.patched()) {
            ArrayNode holds = patched.addObject()
                    .put("path", p.path())
                    .put("head", p.head())
                    .putArray("holds");
            p.holds().forEach(holds::add);
        }
        return write(root);
    }

    private static void changes(ArrayNode out, List<LockDiff.FieldChange> changes) {
        changes.forEach(c -> out.addObject()
                .put("path", c.path())
                .put("field", c.field())
                .put("old", c.oldValue().orElse(null))
                .put("new", c.newValue().orElse(null)));
    }

    /** One document on one line, ending in a newline as every report does. */
    static String write(ObjectNode root) {
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void line(StringBuilder b, String word, String path, String detail) {
        b.append(String.format("%-9s %s  %s", word, path, detail)).append('\n');
    }

    static String shortId(String id) {
        return id == null ? "(none)" : id.substring(0, Math.min(12, id.length()));
    }

    private static String show(Optional<String> v) {
        return v.orElse("(none)");
    }

    private static String shortId(Optional<String> id) {
        return id.map(LockReports::shortId).orElse("(none)");
    }
}
