package io.patchpin.patch;

import io.patchpin.check.Evidence.HunkOutcome;
import java.util.List;
import java.util.Optional;

/**
 * What applying one file's hunks gave: the new content (empty when every hunk
 * did not apply, or the file is deleted — see {@code deleted}) and one outcome per hunk.
 */
public record FileResult(boolean applied, Optional<FileLines> content, boolean deleted, List<HunkOutcome> hunks) {
    public FileResult {
        hunks = List.copyOf(hunks);
    }

    public int maxFuzz() {
        return hunks.stream().mapToInt(HunkOutcome::fuzz).max().orElse(0);
    }

    public boolean shifted() {
        return hunks.stream().anyMatch(h -> h.offset() != 0);
    }

    public int maxDistance() {
        return hunks.stream()
                .filter(h -> !h.failed())
                .mapToInt(h -> Math.abs(h.offset()))
                .max()
                .orElse(0);
    }
}
