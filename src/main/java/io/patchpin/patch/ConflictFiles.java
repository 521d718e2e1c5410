package io.patchpin.patch;

import io.patchpin.check.EntryInput;
import io.patchpin.patchset.PatchEntry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.merge.MergeFormatter;
import org.eclipse.jgit.merge.MergeResult;

/**
 * The files a user resolves when a patch conflicts at a new base: per file, an in-memory diff3-style merge of sealed
 * base (ancestor), the file now (ours) and the sealed base with the patch applied (theirs), with {@code <<<<<<<}
 * markers where they conflict. Where no sealed base blob is at hand the file is given as it is now, for the user to
 * edit into the wanted result.
 */
public final class ConflictFiles {
    private ConflictFiles() {}

    /** File path (relative to the component) to content; empty = the file is absent now. */
    public static Map<String, Optional<byte[]>> of(PatchEntry entry, EntryInput input, String oursLabel) {
        PatchCase c = PatchCase.load(entry, input);
        Map<String, Optional<byte[]>> out = new TreeMap<>();
        if (c.patch() == null) {
            return out;
        }
        c.current().forEach((f, t) -> out.put(f, t.map(FileLines::bytes)));
        Optional<Merges.Sides> sides = Merges.sides(c, input);
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
        MergeResult<RawText> r = Merges.result(base, ours, theirs);
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
