package io.patchpin.apply;

import io.patchpin.check.Verdict;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.Run;
import io.patchpin.verify.Run.EntryRun;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a file that also holds a user's edits cannot be undone entry by entry:
 * an entry whose edit cannot be found to undo (the user changed one of its
 * lines), or one that finds nothing to undo while the set's other edits on
 * the file are there (its lines were changed so that it no longer recognises
 * them). Revert never leaves an entry's lines behind and calls it done.
 */
final class Undo {
    private Undo() {}

    /** One line per entry on {@code key} that cannot be undone; empty when every one can. */
    static List<String> problems(Run back, FileKey key) {
        List<EntryRun> on = back.sets().stream()
                .flatMap(s -> s.entries().stream())
                .filter(e -> e.entry().component().equals(key.component())
                        && e.entry().files().contains(key.file()))
                .toList();
        boolean someUndone = on.stream().anyMatch(e -> e.check().verdict().verdict() == Verdict.ALREADY_APPLIED);
        List<String> out = new ArrayList<>();
        for (EntryRun e : on) {
            var v = e.check().verdict();
            if (!e.check().appliable()) {
                out.add(key + ": entry '" + v.id() + "' cannot be undone: " + line(e.entry())
                        + " is not as the entry left it (" + v.detail() + "); put it back or undo it by hand");
            } else if (someUndone && v.verdict() == Verdict.APPLIES) {
                out.add(key + ": entry '" + v.id() + "' finds nothing to undo while the set's other edits are there: "
                        + line(e.entry()) + " was changed; put it back or undo it by hand");
            }
        }
        return out;
    }

    private static String line(Entry entry) {
        String text = EntryKind.of(entry).editedText().orElse("");
        if (text.isBlank()) {
            return "its edit";
        }
        String first = text.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
        return "its line '" + first.strip() + "'";
    }
}
