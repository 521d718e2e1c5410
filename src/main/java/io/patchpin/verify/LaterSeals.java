package io.patchpin.verify;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.workspace.FileLookup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Recognises a file that already holds this entry and later ones: when two
 * entries edit one file and both are applied, the first one sees the second
 * one's edit too, and its own counts no longer match. If the file is exactly
 * as sealed after this entry or a later sealed entry on the same file, this
 * entry is already applied.
 */
final class LaterSeals {
    private record After(int index, String id, String sha) {}

    private final Map<FileKey, List<After>> byFile = new TreeMap<>();

    LaterSeals(List<LoadedPatchset> sets) {
        int index = 0;
        for (LoadedPatchset set : sets) {
            for (Entry e : set.patchset().entries()) {
                int i = index++;
                e.textSeal().ifPresent(s -> byFile.computeIfAbsent(
                                new FileKey(e.component(), e.files().get(0)), k -> new ArrayList<>())
                        .add(new After(i, e.id(), s.after())));
            }
        }
    }

    /** ALREADY_APPLIED when the entry's file is as sealed after a later entry on it; else empty. */
    Optional<Check> alreadyApplied(Entry e, int index, EntryInput in) {
        Optional<TextSeal> seal = e.textSeal();
        if (seal.isEmpty() || !e.sealMatchesDefinition()) {
            return Optional.empty();
        }
        String file = e.files().get(0);
        List<After> afters = byFile.get(new FileKey(e.component(), file));
        if (afters == null || afters.size() < 2 || !(in.files().get(file) instanceof FileLookup.Found found)) {
            return Optional.empty();
        }
        String sha = Hashes.sha256(found.content());
        if (sha.equals(seal.get().before())) {
            return Optional.empty();
        }
        for (After a : afters) {
            if (a.index() > index && a.sha().equals(sha)) {
                EntryVerdict v = EntryVerdict.of(
                        e,
                        Verdict.ALREADY_APPLIED,
                        "file is exactly as sealed after entry " + a.id() + ", which follows this one",
                        Evidence.NONE);
                return Optional.of(new Check(v, Map.of(file, Optional.of(found.content()))));
            }
        }
        return Optional.empty();
    }
}
