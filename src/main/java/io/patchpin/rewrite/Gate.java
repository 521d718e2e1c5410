package io.patchpin.rewrite;

import io.patchpin.patchset.Entry;
import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.workspace.FileLookup;

import java.util.Optional;

/**
 * What every text entry checks before looking at content: the definition
 * still matches its seal, and the file can be read.
 */
final class Gate {
    private Gate() {
    }

    /** A broken check when the entry cannot be looked at, else empty. */
    static Optional<Check> problem(Entry e, String file, EntryInput in) {
        if (e.seal().isPresent() && !e.seal().get().digest().equals(e.definitionDigest())) {
            return Optional.of(broken(e, Verdict.SEAL_BROKEN,
                    "entry was edited after it was sealed (definition digest differs); re-add or rebase it"));
        }
        FileLookup f = in.files().get(file);
        String where = in.source().describe();
        if (f instanceof FileLookup.ComponentMissing cm) {
            return Optional.of(broken(e, Verdict.COMPONENT_MISSING, cm.describe(e.component(), where)));
        }
        if (f instanceof FileLookup.ObjectsMissing om) {
            return Optional.of(broken(e, Verdict.OBJECTS_MISSING, prefix(e) + om.describe(e.component())));
        }
        if (!(f instanceof FileLookup.Found)) {
            return Optional.of(broken(e, Verdict.FILE_MISSING, file + " not found in " + e.component() + " (" + where + ")"));
        }
        return Optional.empty();
    }

    static byte[] bytes(String file, EntryInput in) {
        return ((FileLookup.Found) in.files().get(file)).content();
    }

    static Check broken(Entry e, Verdict v, String detail) {
        return Check.broken(EntryVerdict.of(e, v, detail, Evidence.NONE));
    }

    /** "unsealed: " before the detail of an entry without seal. */
    static String prefix(Entry e) {
        return e.seal().isPresent() ? "" : "unsealed: ";
    }

    static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : word.endsWith("ch") ? "es" : "s");
    }
}
