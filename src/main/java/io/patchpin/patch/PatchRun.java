package io.patchpin.patch;

import io.patchpin.check.Evidence.HunkFailure;
import io.patchpin.check.Evidence.HunkOutcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Applies every file of a parsed patch, in order, to a set of current file
 * contents (component path to content, empty = absent). Pure: returns data.
 */
public record PatchRun(boolean ok, Map<String, Optional<FileLines>> result, List<HunkOutcome> hunks) {
    public PatchRun {
        result = Collections.unmodifiableMap(new TreeMap<>(result));
        hunks = List.copyOf(hunks);
    }

    public static PatchRun run(
            ParsedPatch patch, PatchPaths paths, Map<String, Optional<FileLines>> current, int maxFuzz) {
        Map<String, Optional<FileLines>> state = new TreeMap<>(current);
        List<HunkOutcome> hunks = new ArrayList<>();
        boolean ok = true;
        for (FilePatch f : patch.files()) {
            // an added file has a new side only, a deleted one an old side only; every other change has both
            String from = (f.change() == FilePatch.Change.ADD ? paths.newPath(f) : paths.oldPath(f)).orElseThrow();
            String to = f.change() == FilePatch.Change.DELETE
                    ? from
                    : paths.newPath(f).orElseThrow();
            Optional<FileLines> now = state.getOrDefault(from, Optional.empty());
            FileApplier.Result r = FileApplier.apply(to, f, now, maxFuzz);
            if (r.applied()
                    && !from.equals(to)
                    && state.getOrDefault(to, Optional.empty()).isPresent()
                    && f.change() != FilePatch.Change.ADD) {
                r = FileApplier.Result.refused(to, 0, HunkFailure.Reason.RENAME_TARGET_EXISTS);
            }
            hunks.addAll(r.hunks());
            ok &= r.applied();
            if (r.applied()) {
                if (f.change() == FilePatch.Change.RENAME) {
                    state.put(from, Optional.empty());
                }
                state.put(to, r.content());
            }
        }
        return new PatchRun(ok, state, hunks);
    }

    public List<HunkOutcome> failures() {
        return hunks().stream().filter(HunkOutcome::failed).toList();
    }

    public int maxFuzz() {
        return hunks.stream().mapToInt(HunkOutcome::fuzz).max().orElse(0);
    }

    /** The farthest a hunk that applied landed from its line. */
    public int maxDistance() {
        return hunks.stream()
                .filter(h -> !h.failed())
                .mapToInt(h -> Math.abs(h.offset()))
                .max()
                .orElse(0);
    }

    public boolean shifted() {
        return hunks.stream().anyMatch(h -> h.offset() != 0);
    }
}
