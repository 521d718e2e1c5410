package io.patchpin.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.patchpin.check.EntryVerdict;
import io.patchpin.impact.ChangedLines;
import io.patchpin.impact.Impact;
import io.patchpin.lockexport.GitHubUrl;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Text, JSON and Markdown renderings of a bump's impact on patchsets, after the lock diff they extend. */
public final class ImpactReports {
    private ImpactReports() {}

    public static String text(Impact impact) {
        StringBuilder b = new StringBuilder(LockReports.diffText(impact.diff()));
        for (Impact.ComponentImpact c : impact.components()) {
            b.append("\n" + c.path() + "  " + LockReports.shortId(c.oldCommit()) + " -> "
                    + LockReports.shortId(c.newCommit()) + ": " + sentence(c, false) + "\n");
            c.renamed().forEach((o, n) -> b.append("  renamed   " + o + " -> " + n + "\n"));
            c.commits().forEach(t -> textTouch(b, t));
            for (Impact.EntryOutcome o : c.entries()) {
                b.append(String.format(
                        "  %-7s %s/%s  %s%s  %s\n",
                        o.atNew().verdictClass().word(),
                        o.set(),
                        o.id(),
                        o.atNew().verdict(),
                        by(o),
                        o.atNew().detail()));
            }
        }
        return b.append(impact.components().isEmpty() ? "\nno entry is on a component the bump moved" : "")
                .append(
                        impact.unmovedEntries() > 0
                                ? "\n" + impact.unmovedEntries() + " entries on components the bump did not move"
                                : "")
                .append(impact.components().isEmpty() || impact.unmovedEntries() > 0 ? "\n" : "")
                .toString();
    }

    /** An upstream commit that touches entries' files, and per entry the lines it changed near it. */
    private static void textTouch(StringBuilder b, Impact.Touch t) {
        b.append("  " + LockReports.shortId(t.commit()) + " " + day(t.time()) + " " + t.subject() + " (" + t.author()
                + ")\n");
        for (Impact.EntryTouch e : t.entries()) {
            b.append("      " + e.set() + "/" + e.id() + "  " + e.file() + "  "
                    + (e.before() == null ? "(new file)" : e.before()) + " -> " + e.after() + "  (" + e.changes()
                    + (e.changes() == 1 ? " change, " : " changes, ")
                    + (e.placeKnown() ? e.lines().size() + " near it)" : "its place not found before it)") + "\n");
            for (ChangedLines l : e.lines()) {
                b.append("        ").append(l.header()).append('\n');
                l.removed().forEach(s -> b.append("        -").append(s).append('\n'));
                l.added().forEach(s -> b.append("        +").append(s).append('\n'));
            }
        }
    }

    public static String json(Impact impact) {
        return LockReports.write(node(impact));
    }

    /** The JSON document of the impact, for a report that holds one. */
    static ObjectNode node(Impact impact) {
        ObjectNode root = LockReports.diffNode(impact.diff());
        ObjectNode out = root.putObject("impact");
        out.put("rev", impact.newRevision()).put("unmoved_entries", impact.unmovedEntries());
        ArrayNode components = out.putArray("components");
        for (Impact.ComponentImpact c : impact.components()) {
            ObjectNode o = components
                    .addObject()
                    .put("path", c.path())
                    .put("url", c.url())
                    .put("old", c.oldCommit())
                    .put("new", c.newCommit())
                    .put("state", c.state().name().toLowerCase(Locale.ROOT));
            c.files().forEach(o.putArray("files")::add);
            ObjectNode renamed = o.putObject("renamed");
            c.renamed().forEach(renamed::put);
            ArrayNode commits = o.putArray("commits");
            c.commits().forEach(t -> jsonTouch(commits.addObject(), c, t));
            ArrayNode entries = o.putArray("entries");
            c.entries().forEach(e -> jsonEntry(entries.addObject(), e));
        }
        out.putObject("summary")
                .put("ok", impact.atNew().summary().ok())
                .put("review", impact.atNew().summary().review())
                .put("broken", impact.atNew().summary().broken());
        return root;
    }

    private static void jsonTouch(ObjectNode j, Impact.ComponentImpact c, Impact.Touch t) {
        j.put("commit", t.commit())
                .put("subject", t.subject())
                .put("author", t.author())
                .put("time", t.time());
        GitHubUrl.parse(c.url()).map(GitHubUrl::commits).ifPresent(p -> j.put("url", p + t.commit()));
        ArrayNode touched = j.putArray("entries");
        for (Impact.EntryTouch e : t.entries()) {
            ObjectNode k = touched.addObject()
                    .put("patchset", e.set())
                    .put("id", e.id())
                    .put("file", e.file())
                    .put("before", e.before() == null ? null : e.before().name())
                    .put("after", e.after().name())
                    .put("place_known", e.placeKnown())
                    .put("changes", e.changes());
            ArrayNode lines = k.putArray("lines");
            for (ChangedLines l : e.lines()) {
                ObjectNode m = lines.addObject()
                        .put("old_start", l.oldStart())
                        .put("old_count", l.oldCount())
                        .put("new_start", l.newStart())
                        .put("new_count", l.newCount());
                l.removed().forEach(m.putArray("removed")::add);
                l.added().forEach(m.putArray("added")::add);
            }
        }
    }

    private static void jsonEntry(ObjectNode j, Impact.EntryOutcome e) {
        EntryVerdict v = e.atNew();
        j.put("patchset", e.set())
                .put("id", e.id())
                .put("at_old", e.atOld() == null ? null : e.atOld().name())
                .put("verdict", v.verdict().name())
                .put("class", v.verdictClass().word())
                .put("detail", v.detail())
                .put("cause", e.cause().map(Impact.Touch::commit).orElse(null));
    }

    public static String markdown(Impact impact) {
        StringBuilder b = new StringBuilder("## Lock diff\n\n").append(LockReports.diffMarkdown(impact.diff()));
        for (Impact.ComponentImpact c : impact.components()) {
            b.append("\n### " + Markdown.code(c.path()) + " " + commit(c, c.oldCommit()) + " → "
                    + commit(c, c.newCommit()) + "\n\n" + sentence(c, true) + "\n\n");
            if (!c.commits().isEmpty()) {
                b.append(Markdown.header("commit", "subject", "entries touched", "lines near the entry"));
                c.commits().forEach(t -> b.append(markdownTouch(c, t)));
                b.append('\n');
            }
            b.append(Markdown.header("entry", "at old", "at new", "by", "detail"));
            for (Impact.EntryOutcome o : c.entries()) {
                b.append(Markdown.row(
                        Markdown.code(o.set() + "/" + o.id()),
                        o.atOld() == null ? "" : o.atOld().name(),
                        "**" + o.atNew().verdict() + "**",
                        o.cause().map(t -> commit(c, t.commit())).orElse(""),
                        Markdown.inert(o.atNew().detail())));
            }
        }
        var sum = impact.atNew().summary();
        b.append("\n" + sum.ok() + " ok, " + sum.review() + " to review, " + sum.broken() + " broken at `"
                + LockReports.shortId(impact.newRevision()) + "`");
        if (impact.unmovedEntries() > 0) {
            b.append("; " + impact.unmovedEntries() + " entries on components the bump did not move");
        }
        return b.append(".\n").toString();
    }

    private static String markdownTouch(Impact.ComponentImpact c, Impact.Touch t) {
        List<String> ids = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (Impact.EntryTouch e : t.entries()) {
            ids.add(Markdown.code(e.id()) + " " + (e.before() == null ? "" : e.before() + " → ") + e.after());
            e.lines()
                    .forEach(
                            l -> lines.add(Markdown.code(l.header()) + " " + l.oldCount() + "−/" + l.newCount() + "+"));
        }
        return Markdown.row(
                commit(c, t.commit()),
                Markdown.inert(t.subject()),
                String.join("<br>", ids),
                String.join("<br>", lines));
    }

    /** "3 commits touch 2 of your 5 edits; 2 still apply, `ck` DRIFTED by a1b2c3d4e5f6 "subject"". */
    private static String sentence(Impact.ComponentImpact c, boolean markdown) {
        if (c.state() == Impact.State.OBJECTS_MISSING) {
            return "history unknown (objects missing); " + c.entries().size() + " entries";
        }
        long ok = c.entries().stream().filter(e -> e.atNew().verdict().isOk()).count();
        StringBuilder b = new StringBuilder(c.commits().size()
                + (c.commits().size() == 1 ? " commit touches " : " commits touch ") + c.touchedEntries()
                + " of your " + c.entries().size() + (c.entries().size() == 1 ? " edit; " : " edits; ") + ok
                + (ok == 1 ? " still applies" : " still apply"));
        for (Impact.EntryOutcome e : c.entries()) {
            if (!e.atNew().verdict().isOk()) {
                b.append(", " + (markdown ? Markdown.code(e.id()) : "`" + e.id() + "`") + " "
                        + e.atNew().verdict());
                e.cause()
                        .ifPresent(t -> b.append(" by "
                                + (markdown ? commit(c, t.commit()) : LockReports.shortId(t.commit())) + " \""
                                + (markdown ? Markdown.inert(t.subject()) : t.subject()) + "\""));
            }
        }
        return b.toString();
    }

    private static String by(Impact.EntryOutcome o) {
        return o.atNew().verdict().isOk()
                ? ""
                : o.cause().map(t -> " by " + LockReports.shortId(t.commit())).orElse("");
    }

    private static String commit(Impact.ComponentImpact c, String id) {
        String shown = "`" + LockReports.shortId(id) + "`";
        return GitHubUrl.parse(c.url())
                .map(GitHubUrl::commits)
                .map(p -> "[" + shown + "](" + p + id + ")")
                .orElse(shown);
    }

    private static String day(long seconds) {
        return Instant.ofEpochSecond(seconds)
                .atOffset(ZoneOffset.UTC)
                .toLocalDate()
                .toString();
    }
}
