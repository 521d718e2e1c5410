package io.patchpin.update;

import io.patchpin.bisect.LineCommit;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.impact.Impact;
import io.patchpin.rebase.RebaseResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What an update did, or would do with {@code --dry-run}.
 *
 * @param spec          the target as given (a rev, a tag glob, or the root's ref for {@code --latest-good})
 * @param to            the commit moved to (or that was asked, when blocked)
 * @param next          the first commit past {@code to} at which an entry gets worse, and those entries
 * @param atFrom        every entry's verdict at {@code from}, by "set/id", in set and entry order
 * @param impact        the bump's impact on the sets (upstream commits touching their files), empty when blocked
 * @param search        the commits searched and the verifications run ({@code 0, 0} when none was needed)
 */
public record UpdateResult(
        Target target,
        String spec,
        String from,
        String to,
        Status status,
        Optional<Break> next,
        Map<String, EntryVerdict> atFrom,
        List<RebaseResult> rebases,
        Optional<Impact> impact,
        Search search,
        boolean written)
        implements OperationResult {

    public UpdateResult {
        Objects.requireNonNull(next, "next");
        Objects.requireNonNull(impact, "impact");
        rebases = List.copyOf(rebases);
        atFrom = Collections.unmodifiableMap(new LinkedHashMap<>(atFrom));
    }

    public enum Target {
        TO,
        TO_TAG,
        LATEST_GOOD
    }

    public enum Status {
        /** The lock and the sets moved (or would, on a dry run). */
        MOVED,
        /** Already there: nothing to write. */
        CURRENT,
        /** A set would not rebase cleanly: nothing written. */
        BLOCKED
    }

    /**
     * The first commit at which entries get worse than at the locked commit.
     *
     * @param before  the commit just before it, the last one where no entry is worse
     * @param entries the entries worse there, by "set/id", with their verdicts there
     */
    public record Break(LineCommit commit, String before, Map<String, EntryVerdict> entries) {
        public Break {
            entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }
    }

    /**
     * First-parent commits searched and verifications run.
     *
     * @param fork where the search started when the locked commit is not on the target's line (its merge-base with the
     *             target)
     */
    public record Search(int candidates, int checks, Optional<String> fork) {}

    /** Entries already broken at the locked commit: they do not hold the search back, and rebase cannot carry them. */
    public List<String> brokenAtFrom() {
        return atFrom.entrySet().stream()
                .filter(e -> e.getValue().verdictClass() == VerdictClass.BROKEN)
                .map(Map.Entry::getKey)
                .toList();
    }

    /**
     * 1 blocked; else 3 when an entry needs review at the new commit, or was carried broken as it was; else 0 (1 is
     * kept for "nothing written").
     */
    @Override
    public ExitCode exitCode() {
        if (status == Status.BLOCKED) {
            return ExitCode.BROKEN;
        }
        ExitCode worst = impact.map(Impact::exitCode).orElse(ExitCode.OK);
        for (RebaseResult r : rebases) {
            worst = worst.worst(r.exitCode());
        }
        return worst == ExitCode.OK && brokenAtFrom().isEmpty() ? ExitCode.OK : ExitCode.REVIEW;
    }
}
