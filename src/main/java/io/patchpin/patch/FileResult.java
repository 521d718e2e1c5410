package io.patchpin.patch;

import io.patchpin.check.Evidence.HunkFailure;
import io.patchpin.check.Evidence.HunkOutcome;
import java.util.List;
import java.util.Optional;

/**
 * What applying one file's hunks gave: the new content (empty when a hunk did not apply, or the file is
 * deleted) and one outcome per hunk.
 */
record FileResult(boolean applied, Optional<FileLines> content, List<HunkOutcome> hunks) {
    FileResult {
        hunks = List.copyOf(hunks);
    }

    static FileResult failed(List<HunkOutcome> hunks) {
        return new FileResult(false, Optional.empty(), hunks);
    }

    /** The file refused as a whole, for {@code reason}, as hunk {@code index} (0: no hunk in particular). */
    static FileResult refused(String file, int index, HunkFailure.Reason reason) {
        return failed(List.of(HunkOutcome.failed(file, index, 0, HunkFailure.of(reason))));
    }
}
