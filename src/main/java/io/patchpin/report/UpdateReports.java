package io.patchpin.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.patchpin.check.EntryVerdict;
import io.patchpin.rebase.Action;
import io.patchpin.rebase.Outcome;
import io.patchpin.rebase.RebaseResult;
import io.patchpin.update.UpdateResult;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The reports of {@code patchpin update}: text, JSON, and the Markdown body of a pull request. */
public final class UpdateReports {
    private UpdateReports() {}

    public static String text(UpdateResult r) {
        StringBuilder b = new StringBuilder(headline(r) + "\n");
        fork(r).ifPresent(f -> b.append("  " + f + "\n"));
        if (r.search().checks() > 0) {
            b.append("  " + r.search().checks() + " verifications over "
                    + r.search().candidates() + " first-parent commits\n");
        }
        r.next().ifPresent(n -> n.entries()
                .forEach((id, v) -> b.append("  next break: " + n.commit().id().substring(0, 12)
                        + " \"" + n.commit().subject() + "\" makes " + id + " " + v.verdict()
                        + (v.detail().isEmpty() ? "" : ": " + v.detail()) + "\n")));
        r.brokenAtFrom()
                .forEach(id -> b.append(
                        "  " + id + " is broken at the locked commit already: it does not hold the others back\n"));
        for (RebaseResult s : r.rebases()) {
            b.append("patchset " + s.name() + ":\n");
            for (Outcome o : s.outcomes()) {
                b.append("  " + o.id() + " " + old(r, s, o) + " -> " + now(r, s, o) + ", "
                        + o.action().word() + (o.detail().isEmpty() ? "" : ": " + o.detail()) + "\n");
            }
        }
        r.impact().ifPresent(i -> b.append(ImpactReports.text(i)));
        return b.append(outcome(r)).append('\n').toString();
    }

    public static String json(UpdateResult r) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("target", r.target().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .put("spec", r.spec())
                .put("from", r.from())
                .put("to", r.to())
                .put("status", r.status().name().toLowerCase(Locale.ROOT))
                .put("written", r.written())
                .put("candidates", r.search().candidates())
                .put("checks", r.search().checks());
        root.put("fork", r.search().fork().orElse(null));
        ObjectNode next = root.putObject("next");
        r.next()
                .ifPresentOrElse(
                        n -> {
                            next.put("commit", n.commit().id())
                                    .put("subject", n.commit().subject())
                                    .put("date", n.commit().date())
                                    .put("before", n.before());
                            entries(next.putArray("entries"), n.entries());
                        },
                        () -> root.putNull("next"));
        ArrayNode broken = root.putArray("broken_at_from");
        r.brokenAtFrom().forEach(broken::add);
        ArrayNode sets = root.putArray("patchsets");
        for (RebaseResult s : r.rebases()) {
            ObjectNode o = sets.addObject().put("name", s.name());
            o.put("base", s.oldBase().orElse(null));
            o.put("onto", s.onto());
            ArrayNode es = o.putArray("entries");
            for (Outcome e : s.outcomes()) {
                es.addObject()
                        .put("id", e.id())
                        .put("at_old", old(r, s, e))
                        .put("at_new", now(r, s, e))
                        .put("action", e.action().word())
                        .put("detail", e.detail());
            }
        }
        r.impact().ifPresentOrElse(i -> root.set("lock_diff", ImpactReports.node(i)), () -> root.putNull("lock_diff"));
        return LockReports.write(root);
    }

    public static String markdown(UpdateResult r) {
        StringBuilder b = new StringBuilder("## patchpin update\n\n" + Markdown.inert(headline(r)) + "\n\n");
        fork(r).ifPresent(f -> b.append("- " + Markdown.inert(f) + "\n"));
        r.next().ifPresent(n -> n.entries()
                .forEach((id, v) -> b.append("- next break: `"
                        + LockReports.shortId(n.commit().id()) + "` "
                        + Markdown.inert(n.commit().subject()) + " makes "
                        + Markdown.inert(id) + " **" + v.verdict() + "** " + Markdown.inert(v.detail()) + "\n")));
        r.brokenAtFrom()
                .forEach(id -> b.append("- " + Markdown.inert(id)
                        + " is broken at the locked commit already; it does not hold the others back\n"));
        b.append('\n').append(Markdown.header("entry", "at old", "at new", "rebase", "detail"));
        for (RebaseResult s : r.rebases()) {
            for (Outcome o : s.outcomes()) {
                b.append(Markdown.row(
                        Markdown.inert(s.name() + "/" + o.id()),
                        old(r, s, o),
                        "**" + now(r, s, o) + "**",
                        o.action().word(),
                        Markdown.inert(o.detail())));
            }
        }
        r.impact().ifPresent(i -> b.append('\n').append(ImpactReports.markdown(i)));
        return b.append('\n').append(outcome(r)).append('\n').toString();
    }

    private static String headline(UpdateResult r) {
        String how =
                switch (r.target()) {
                    case TO -> "--to " + r.spec();
                    case TO_TAG -> "--to-tag " + r.spec();
                    case LATEST_GOOD -> "--latest-good along " + r.spec();
                };
        String what =
                switch (r.status()) {
                    case MOVED -> "moved";
                    case CURRENT -> "already there";
                    case BLOCKED -> "blocked";
                };
        return "update " + r.from().substring(0, 12) + " -> " + r.to().substring(0, 12) + " (" + how + "): " + what;
    }

    /** Where the search left the locked commit's own branch (a release tag's), when it did. */
    private static Optional<String> fork(UpdateResult r) {
        return r.search()
                .fork()
                .map(f -> "the locked commit is not on the first-parent line of " + r.spec()
                        + ": searched from their fork point " + f.substring(0, 12));
    }

    private static String outcome(UpdateResult r) {
        if (r.written()) {
            return "written: the lock and " + r.rebases().size() + " patchset(s)";
        }
        return switch (r.status()) {
            case BLOCKED -> "nothing written: a patchset would not rebase cleanly (see above)";
            case CURRENT -> "nothing written: the lock and the patchsets are there already";
            case MOVED -> "dry run: nothing written";
        };
    }

    /** The entry's verdict at the new commit: the rebase's, or verify's there for an entry carried as it was. */
    private static String now(UpdateResult r, RebaseResult s, Outcome o) {
        if (o.action() != Action.CARRIED) {
            return o.verdictWord();
        }
        return r.impact().stream()
                .flatMap(i -> i.atNew().patchsets().stream())
                .filter(p -> p.name().equals(s.name()))
                .flatMap(p -> p.entries().stream())
                .filter(v -> v.id().equals(o.id()))
                .map(v -> v.verdict().name())
                .findFirst()
                .orElse(o.verdictWord());
    }

    /** The entry's verdict at the locked commit. */
    private static String old(UpdateResult r, RebaseResult s, Outcome o) {
        EntryVerdict v = r.atFrom().get(s.name() + "/" + o.id());
        return v == null ? "-" : v.verdict().name();
    }

    private static void entries(ArrayNode out, Map<String, EntryVerdict> entries) {
        entries.forEach((id, v) -> out.addObject()
                .put("entry", id)
                .put("verdict", v.verdict().name())
                .put("detail", v.detail()));
    }
}
