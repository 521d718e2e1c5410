package io.patchpin.rebase;

import io.patchpin.check.EntryVerdict;
import io.patchpin.patchset.Entry;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A rebase worked out in memory: the new entries, the patch files to write, the report, and the conflicts (nothing is
 * written when there are any).
 *
 * @param patchFiles patch file name (in the patchset folder) to its new bytes
 */
public record Plan(
        List<Entry> entries, SortedMap<String, byte[]> patchFiles, List<Outcome> outcomes, List<Conflict> conflicts) {

    public Plan {
        entries = List.copyOf(entries);
        patchFiles = new TreeMap<>(patchFiles);
        outcomes = List.copyOf(outcomes);
        conflicts = List.copyOf(conflicts);
    }

    /**
     * An entry broken at the new base.
     *
     * @param files for a patch, the files to resolve (diff3 markers where a merge conflicts); else empty
     */
    public record Conflict(Entry entry, EntryVerdict verdict, Map<String, Optional<byte[]>> files) {
        public Conflict {
            files = new TreeMap<>(files);
        }
    }

    public boolean ok() {
        return conflicts.isEmpty();
    }
}
