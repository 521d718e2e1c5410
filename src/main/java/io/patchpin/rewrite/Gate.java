package io.patchpin.rewrite;

import io.patchpin.check.Check;
import io.patchpin.check.EntryGate;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Entry;
import io.patchpin.workspace.FileLookup;
import java.util.List;
import java.util.Optional;

/**
 * What every text entry checks before looking at content: the {@link EntryGate}
 * every entry passes, then its one file is there.
 */
final class Gate {
    private Gate() {}

    /** A broken check when the entry cannot be looked at ({@link EntryGate}, or its file is not there), else empty. */
    static Optional<Check> problem(Entry e, String file, EntryInput in) {
        FileLookup f = in.files().get(file);
        Optional<Check> gate = EntryGate.problem(e, f == null ? List.of() : List.of(f), in.source());
        if (gate.isPresent() || f instanceof FileLookup.Found) {
            return gate;
        }
        String where = in.source().describe();
        String reason = file + " not found in " + e.component() + " (" + where + ")";
        RevisionMention named = in.source().describedRevision().shifted(reason.length() - 1 - where.length());
        return Optional.of(Check.broken(EntryVerdict.of(e, Verdict.FILE_MISSING, reason, Evidence.NONE, named)));
    }

    static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : word.endsWith("ch") ? "es" : "s");
    }
}
