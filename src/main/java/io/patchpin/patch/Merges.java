package io.patchpin.patch;

import io.patchpin.check.EntryInput;
import io.patchpin.patchset.PatchSeal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.merge.MergeAlgorithm;
import org.eclipse.jgit.merge.MergeChunk;
import org.eclipse.jgit.merge.MergeResult;

/**
 * The 3-way merge of an entry: per sealed file, base = the sealed "before" blob, theirs = the patch applied to it, ours
 * = the current content. In memory; empty when a base blob is unavailable or any file conflicts.
 */
final class Merges {
    private Merges() {}

    static Optional<Map<String, Optional<FileLines>>> merge(PatchCase c, EntryInput input) {
        Optional<Sides> sides = sides(c, input);
        if (sides.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Optional<FileLines>> out = new TreeMap<>();
        for (Map.Entry<String, Optional<FileLines>> base : sides.get().base().entrySet()) {
            String path = base.getKey();
            Optional<Merged> merged = mergeOne(
                    base.getValue(),
                    c.current().getOrDefault(path, Optional.empty()),
                    sides.get().theirs(path));
            if (merged.isEmpty()) {
                return Optional.empty();
            }
            out.put(path, merged.get().content());
        }
        return Optional.of(out);
    }

    /**
     * Per sealed file, its sealed base (empty = absent there) and that base with the patch applied; empty when
     * the entry is unsealed, a base blob is not at hand or the patch does not apply to the base.
     */
    record Sides(Map<String, Optional<FileLines>> base, PatchRun applied) {
        Optional<FileLines> theirs(String path) {
            return applied.result().getOrDefault(path, Optional.empty());
        }
    }

    static Optional<Sides> sides(PatchCase c, EntryInput input) {
        Optional<PatchSeal> seal = c.entry().seal();
        if (seal.isEmpty() || seal.get().files().isEmpty()) {
            return Optional.empty();
        }
        Map<String, Optional<FileLines>> base = new TreeMap<>();
        for (PatchSeal.FileSeal f : seal.get().files()) {
            Optional<byte[]> blob =
                    f.before().flatMap(id -> input.source().blob(c.entry().component(), id));
            if (f.before().isPresent() && blob.isEmpty()) {
                return Optional.empty();
            }
            base.put(f.path(), blob.map(FileLines::of));
        }
        PatchRun applied = PatchRun.run(c.patch(), c.paths(), base, 0);
        return applied.ok() ? Optional.of(new Sides(base, applied)) : Optional.empty();
    }

    /** A merged file; {@code content} is empty when the merge leaves it absent. */
    private record Merged(Optional<FileLines> content) {}

    /** The merged file, or empty on conflict. */
    private static Optional<Merged> mergeOne(
            Optional<FileLines> base, Optional<FileLines> ours, Optional<FileLines> theirs) {
        if (base.equals(ours)) {
            return Optional.of(new Merged(theirs));
        }
        if (base.equals(theirs) || ours.equals(theirs)) {
            return Optional.of(new Merged(ours));
        }
        if (base.isEmpty() || ours.isEmpty() || theirs.isEmpty()) {
            return Optional.empty();
        }
        MergeResult<RawText> r = result(base.get(), ours.get(), theirs.get());
        if (r.containsConflicts()) {
            return Optional.empty();
        }
        List<FileLines> seqs = List.of(base.get(), ours.get(), theirs.get());
        List<String> out = new ArrayList<>();
        for (MergeChunk c : r) {
            out.addAll(seqs.get(c.getSequenceIndex()).lines().subList(c.getBegin(), c.getEnd()));
        }
        return Optional.of(new Merged(Optional.of(new FileLines(out))));
    }

    /** JGit's merge of the three texts (as {@code git am -3} merges a file), conflicts included. */
    static MergeResult<RawText> result(FileLines base, FileLines ours, FileLines theirs) {
        return new MergeAlgorithm()
                .merge(
                        RawTextComparator.DEFAULT,
                        new RawText(base.bytes()),
                        new RawText(ours.bytes()),
                        new RawText(theirs.bytes()));
    }
}
