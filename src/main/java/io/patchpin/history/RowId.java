package io.patchpin.history;

import io.patchpin.check.EntryVerdict;
import io.patchpin.verify.LoadedPatchset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of a history: an entry of a set, named by the set's folder as well as its name (two sets given may share a
 * name; a layer of TheRock's is a folder of {@code patches/<tag>}).
 */
record RowId(String dir, String patchset, String id) {
    /** The rows of sets without layers, in order: the same at every commit. */
    static List<RowId> of(List<LoadedPatchset> sets) {
        return sets.stream()
                .flatMap(s -> s.patchset().entries().stream().map(e -> of(s, e.id())))
                .toList();
    }

    static RowId of(LoadedPatchset set, String id) {
        return new RowId(set.dir().toString(), set.patchset().name(), id);
    }

    /** The verdicts of one commit by row, in row order. */
    static Map<RowId, EntryVerdict> zip(List<RowId> rows, List<EntryVerdict> verdicts) {
        Map<RowId, EntryVerdict> out = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            out.put(rows.get(i), verdicts.get(i));
        }
        return out;
    }
}
