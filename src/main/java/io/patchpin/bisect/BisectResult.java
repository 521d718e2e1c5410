package io.patchpin.bisect;

import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The first superproject commit at which an entry stops being ok (or, with {@code --until broken}, becomes broken).
 *
 * @param until     what was searched for
 * @param commit    the first bad superproject commit
 * @param component the entry's component there and just before
 * @param verdict   the entry's verdict there
 * @param detail    the verdict's detail there
 * @param onTheWay  verdict changes before the first bad commit that involve a review verdict, oldest first
 */
public record BisectResult(
        String entry,
        Until until,
        LineCommit commit,
        ComponentChange component,
        Verdict verdict,
        String detail,
        Search search,
        List<Step> onTheWay)
        implements OperationResult {

    public BisectResult {
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(verdict, "verdict");
        onTheWay = List.copyOf(onTheWay);
    }

    /** Finding the commit is the success; what the entry's verdict there is, is the report. */
    @Override
    public ExitCode exitCode() {
        return ExitCode.OK;
    }

    /**
     * The entry's component across the first bad commit.
     *
     * @param before its commit just before, empty where it was not a component
     * @param after  its commit at the first bad commit, empty where it is not a component
     */
    public record ComponentChange(String path, Optional<String> before, Optional<String> after) {
        public ComponentChange {
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
        }
    }

    /** Commits searched (first-parent, after good up to bad) and verifications run. */
    public record Search(int candidates, int checks) {}

    /** A verdict change at one commit: the entry was {@code from} just before it and is {@code to} there. */
    public record Step(LineCommit commit, Verdict from, Verdict to, String detail) {}
}
