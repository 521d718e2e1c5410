package io.patchpin.patch;

import io.patchpin.check.EntryInput;
import io.patchpin.patchset.PatchSeal;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The 3-way merge of an entry: per sealed file, base = the sealed "before"
 * blob, theirs = the patch applied to it, ours = the current content. In
 * memory; empty when a base blob is unavailable or any file conflicts.
 */
final class Merges {
    private Merges() {}

    static Optional<Map<String, Optional<FileLines>>> merge(PatchCase c, EntryInput input) {
        Optional<PatchSeal> seal = c.entry().seal();
        if (seal.isEmpty() || seal.get().files().isEmpty()) {
            return Optional.empty();
        }
        Map<String, Optional<FileLines>> base = new TreeMap<>();
        for (PatchSeal.FileSeal f : seal.get().files()) {
            if (f.before() == null) {
                base.put(f.path(), Optional.empty());
                continue;
            }
            Optional<byte[]> blob = input.source().blob(c.entry().component(), f.before());
            if (blob.isEmpty()) {
                return Optional.empty();
            }
            base.put(f.path(), Optional.of(FileLines.of(blob.get())));
        }
        PatchRun theirs = PatchRun.run(c.patch(), c.paths(), base, 0);
        if (!theirs.ok()) {
            return Optional.empty();
        }
        Map<String, Optional<FileLines>> out = new TreeMap<>();
        for (String path : base.keySet()) {
            Optional<FileLines> merged = mergeOne(
                    base.get(path),
                    c.current().getOrDefault(path, Optional.empty()),
                    theirs.result().getOrDefault(path, Optional.empty()));
            if (merged == null) {
                return Optional.empty();
            }
            out.put(path, merged);
        }
        return Optional.of(out);
    }

    /** The merged file (empty = absent), or null on conflict. */
    private static Optional<FileLines> mergeOne(
            Optional<FileLines> base, Optional<FileLines> ours, Optional<FileLines> theirs) {
        if (base.equals(ours)) {
            return theirs;
        }
        if (base.equals(theirs) || ours.equals(theirs)) {
            return ours;
        }
        if (base.isEmpty() || ours.isEmpty() || theirs.isEmpty()) {
            return null;
        }
        Optional<FileLines> m = ThreeWayMerge.merge(base.get(), ours.get(), theirs.get());
        return m.isPresent() ? m : null;
    }
}
