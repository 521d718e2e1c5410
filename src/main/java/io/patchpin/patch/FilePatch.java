package io.patchpin.patch;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The changes a patch makes to one file. Paths are as written in the patch
 * (before strip); empty stands for /dev/null.
 *
 * @param oldIndex  preimage blob id from a git "index" line (possibly abbreviated), or ""
 * @param newIndex  postimage blob id from a git "index" line, or ""
 * @param patchLine 1-based line where this file's header starts in the patch file
 */
public record FilePatch(
        Optional<String> oldPath,
        Optional<String> newPath,
        Change change,
        String oldMode,
        String newMode,
        String oldIndex,
        String newIndex,
        List<Hunk> hunks,
        int patchLine) {

    public enum Change {
        MODIFY,
        ADD,
        DELETE,
        RENAME,
        COPY
    }

    public FilePatch {
        Objects.requireNonNull(oldPath, "oldPath");
        Objects.requireNonNull(newPath, "newPath");
        hunks = List.copyOf(hunks);
        oldMode = oldMode == null ? "" : oldMode;
        newMode = newMode == null ? "" : newMode;
        oldIndex = oldIndex == null ? "" : oldIndex;
        newIndex = newIndex == null ? "" : newIndex;
    }

    public FilePatch reversed() {
        Change c = change == Change.ADD ? Change.DELETE : change == Change.DELETE ? Change.ADD : change;
        List<Hunk> r = hunks.stream().map(Hunk::reversed).toList();
        return new FilePatch(newPath, oldPath, c, newMode, oldMode, newIndex, oldIndex, r, patchLine);
    }

    FilePatch withHunks(List<Hunk> other) {
        return new FilePatch(oldPath, newPath, change, oldMode, newMode, oldIndex, newIndex, other, patchLine);
    }

    public boolean modeChange() {
        return !oldMode.isEmpty() && !newMode.isEmpty() && !oldMode.equals(newMode);
    }
}
