package io.patchpin.rebase;

import io.patchpin.check.VerdictClass;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a rebase did: its outcome per entry, whether the patchset was rewritten, where the conflicts are. A record of
 * its own, not nested in {@link Rebase}, as the text report Rebase writes into the conflicts folder reads it.
 *
 * @param oldBase   the base before, empty when it was unknown
 * @param conflicts the folder holding the conflicts, when there are some
 */
public record RebaseResult(
        String name,
        Optional<String> oldBase,
        String onto,
        List<Outcome> outcomes,
        boolean written,
        Optional<Path> conflicts)
        implements OperationResult {
    public RebaseResult {
        outcomes = List.copyOf(outcomes);
    }

    /**
     * 1 on conflicts; 3 when written but an entry needed review (drifted, fuzz, mergeable) or a layer's entry is not ok
     * at the new base (the set's entries on other files were rebased); else 0.
     */
    @Override
    public ExitCode exitCode() {
        if (!written) {
            return ExitCode.BROKEN;
        }
        boolean review = outcomes.stream()
                .anyMatch(o -> o.action() == Action.LAYER
                        || o.verdict()
                                .filter(v -> v.verdictClass() == VerdictClass.REVIEW)
                                .isPresent());
        return review ? ExitCode.REVIEW : ExitCode.OK;
    }
}
