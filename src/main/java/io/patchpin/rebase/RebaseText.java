package io.patchpin.rebase;

import io.patchpin.check.Evidence;
import io.patchpin.core.Hashes;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The text report of a rebase: one line per entry, old verdict to action, then the totals. */
public final class RebaseText {
    static final String HOWTO =
            """

            An entry whose matched text or matched line changed is a conflict until you look at its lines above:
            reseal it as it is with 'patchpin rebase DIR --continue --accept-drift ID' (or 'all'), or edit it.
            To resolve: for a patch, edit the files under .rebase/<id>/ into the wanted result (no conflict
            markers left); for a rewrite or insert, edit .rebase/<id>/patchset.toml (find, replace, anchor)
            or delete its [[entry]]; a file .rebase/<id>/DROP drops any entry. Then run
            'patchpin rebase DIR --continue', or 'patchpin rebase DIR --abort' to give up.
            """;

    private RebaseText() {}

    /** The before/after lines of a drifted entry, diff style. */
    private static void lines(StringBuilder b, Outcome o) {
        Evidence.Matches.Shown shown = o.shown();
        for (int i = 0; i < shown.linesNow().size() && i < shown.linesAfter().size(); i++) {
            if (i < shown.linesAbove().size()) {
                b.append("        ").append(shown.linesAbove().get(i)).append('\n');
            }
            for (String l : shown.linesNow().get(i).split("\n", -1)) {
                b.append("      - ").append(l).append('\n');
            }
            for (String l : shown.linesAfter().get(i).split("\n", -1)) {
                b.append("      + ").append(l).append('\n');
            }
        }
    }

    public static String render(RebaseResult r) {
        StringBuilder b = new StringBuilder();
        b.append("rebase " + r.name() + ": " + r.oldBase().map(Hashes::abbrev).orElse("unknown") + " -> ")
                .append(r.onto(), 0, 12)
                .append('\n');
        Map<Action, Integer> counts = new EnumMap<>(Action.class);
        for (Outcome o : r.outcomes()) {
            counts.merge(o.action(), 1, Integer::sum);
            b.append("  " + o.id() + " [" + o.kind().word() + "] " + o.verdictWord() + " -> "
                            + o.action().word())
                    .append(o.detail().isEmpty() ? "" : ": " + o.detail())
                    .append('\n');
            lines(b, o);
        }
        String totals = counts.entrySet().stream()
                .map(c -> c.getValue() + " " + c.getKey().word())
                .collect(Collectors.joining(", "));
        b.append(totals.isEmpty() ? "no entries" : totals).append('\n');
        if (r.written()) {
            b.append("patchset rewritten; base is now ").append(r.onto()).append('\n');
        } else {
            b.append("nothing written; conflicts are in ")
                    .append(r.conflicts().orElseThrow())
                    .append('\n');
        }
        return b.toString();
    }
}
