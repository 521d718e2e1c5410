package io.patchpin.patch;

import io.patchpin.check.EntryInput;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.merge.MergeAlgorithm;
import org.eclipse.jgit.merge.MergeChunk;
import org.eclipse.jgit.merge.MergeFormatter;
import org.eclipse.jgit.merge.MergeResult;

/**
 * The 3-way merge of an entry: per sealed file, base = the sealed "before" blob, theirs = the patch applied to it, ours
 * = the current content, in memory.
 */
public final class Merges {
    private Merges() {}

    /** The merged files; empty when a base blob is unavailable or any file conflicts. */
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
    private record Sides(Map<String, Optional<FileLines>> base, PatchRun applied) {
        Optional<FileLines> theirs(String path) {
            return applied.result().getOrDefault(path, Optional.empty());
        }
    }

    private static Optional<Sides> sides(PatchCase c, EntryInput input) {
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
    private static MergeResult<RawText> result(FileLines base, FileLines ours, FileLines theirs) {
        return new MergeAlgorithm()
                .merge(
                        RawTextComparator.DEFAULT,
                        new RawText(base.bytes()),
                        new RawText(ours.bytes()),
                        new RawText(theirs.bytes()));
    }

    /**
     * The files a user resolves when a patch conflicts at a new base: per file, a diff3-style merge of sealed base
     * (ancestor), the file now (ours) and the sealed base with the patch applied (theirs), with {@code <<<<<<<}
     * markers where they conflict. Where no sealed base blob is at hand the file is given as it is now, for the user
     * to edit into the wanted result. Path (relative to the component) to content; empty = absent now.
     */
    public static Map<String, Optional<byte[]>> conflictFiles(PatchEntry entry, EntryInput input, String oursLabel) {
        PatchCase c = PatchCase.load(entry, input);
        Map<String, Optional<byte[]>> out = new TreeMap<>();
        if (c.patch() == null) {
            return out;
        }
        c.current().forEach((f, t) -> out.put(f, t.map(FileLines::bytes)));
        Optional<Sides> sides = sides(c, input);
        if (sides.isEmpty()) {
            return out;
        }
        sides.get().base().forEach((f, base) -> {
            Optional<FileLines> ours = c.current().getOrDefault(f, Optional.empty());
            Optional<FileLines> theirs = sides.get().theirs(f);
            if (ours.isPresent() && theirs.isPresent()) {
                FileLines ancestor = base.orElse(FileLines.of(new byte[0]));
                out.put(f, Optional.of(diff3(ancestor, ours.get(), theirs.get(), oursLabel, entry.id())));
            }
        });
        return out;
    }

    private static byte[] diff3(FileLines base, FileLines ours, FileLines theirs, String oursLabel, String id) {
        MergeResult<RawText> r = result(base, ours, theirs);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new MergeFormatter()
                    .formatMergeDiff3(out, r, List.of("sealed base", oursLabel, "entry " + id), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot format the merge of " + id, e);
        }
        return out.toByteArray();
    }
}
