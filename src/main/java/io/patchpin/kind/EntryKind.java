package io.patchpin.kind;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Evidence;
import io.patchpin.core.Settings;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.InsertChecker;
import io.patchpin.rewrite.RewriteChecker;
import io.patchpin.rewrite.Sealer;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What an entry does, by its kind: check and undo, seal at the base, refresh at a rebase, its piece of an export and
 * how an undo names it. The patchset model holds entries as data; this is the one place that tells their kinds apart
 * ({@link #of}), so a new kind is one class here plus its record and tests.
 */
public sealed interface EntryKind permits TextKind, PatchKind {

    static EntryKind of(Entry entry) {
        return switch (entry.kind()) {
            case REWRITE -> new TextKind<>((RewriteEntry) entry, new RewriteChecker());
            case INSERT -> new TextKind<>((InsertEntry) entry, new InsertChecker());
            case PATCH -> new PatchKind((PatchEntry) entry);
        };
    }

    Entry entry();

    /** The verdict, and the files after applying the entry where it can be applied. */
    Check check(EntryInput input);

    /** The verdict of undoing the entry where it is applied, and the files after undoing it. */
    Check revert(EntryInput input);

    /**
     * The entry sealed against {@code before}, the content of its one file at the base after the earlier entries, under
     * the run's {@code settings}; a patch is sealed from its patch file instead (IllegalArgumentException).
     */
    Sealer.Sealing seal(byte[] before, Settings settings);

    /**
     * The entry with evidence of place added to a seal written before it was recorded, when sealing it again at
     * its base (read from {@code base} only when worth it) reproduces that seal; else the entry as it is.
     */
    Entry upgraded(Supplier<EntryInput> base);

    /**
     * The entry made again at a rebase's new base, from the files there ({@code replay}) before (read only by a
     * kind that needs them) and after the entry as checked or as resolved by hand, and the executable bits it left.
     */
    Refreshed refresh(
            BaseReplay replay,
            Supplier<Map<String, Optional<byte[]>>> before,
            Map<String, Optional<byte[]>> after,
            Map<String, Boolean> executable);

    /** The files a user resolves a conflict in, with conflict markers; empty when the entry's definition is edited instead. */
    default Map<String, Optional<byte[]>> conflictFiles(EntryInput input, String oursLabel) {
        return Map.of();
    }

    /** Whether a conflict of this entry is resolved by editing its files (else by editing its definition). */
    default boolean resolvedInFiles() {
        return false;
    }

    /** The diff as stored in the patchset, for an export where the base is not here to make it; empty if none is stored. */
    default Optional<byte[]> storedDiff(Path patchsetDir) {
        return Optional.empty();
    }

    /**
     * The stored patch file as written, where its paths are the component's with git's a/ b/ prefixes (so it can
     * go out unchanged); empty otherwise, and for a kind that stores no patch.
     */
    default Optional<byte[]> storedPatch(Path patchsetDir) {
        return Optional.empty();
    }

    /** The entry as a literal replacement of every match in one file, where it is one (a substitution tools can run). */
    default Optional<Substitution> substitution() {
        return Optional.empty();
    }

    /** The line of the patchset's files that a review of this verdict's evidence should point at, if a finer one than the entry's. */
    default Optional<SourceLine> reviewLine(Path patchsetDir, Evidence evidence) {
        return Optional.empty();
    }

    /** One line saying what the edit does, for a subject line where the entry has no words of its own. */
    String describe();

    /** The first line of {@code text} in single quotes, marked when more lines follow. */
    static String quoted(String text) {
        String first = text.lines().findFirst().orElse("");
        return "'" + first + (text.strip().contains("\n") ? "...'" : "'");
    }

    static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The text the entry puts in its file, to name it when it cannot be undone; empty when it has no literal text. */
    default Optional<String> editedText() {
        return Optional.empty();
    }

    /** A literal replacement of every match of {@code find} in {@code file} (relative to the component). */
    record Substitution(String file, String find, String replace) {}

    /** A line of a file of the patchset (1-based). */
    record SourceLine(Path file, int line) {}
}
