package io.patchpin.verify;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.List;
import java.util.Optional;

/**
 * The verdicts of a verify run: per patchset, per entry, and the summary.
 *
 * @param rev the superproject commit checked, or null for the work tree
 */
public record Report(String rev, List<SetReport> patchsets, Summary summary) implements OperationResult {
    public Report {
        patchsets = List.copyOf(patchsets);
    }

    /**
     * One patchset's verdicts in entry order.
     *
     * @param theRock for TheRock's own patches (a {@code therock:TAG} layer, {@code --therock-patches}), their folder
     *                in the superproject ({@code patches/<tag>/<project>}, {@code patches/<tag>} for a missing layer);
     *                null for a patchset folder
     */
    public record SetReport(String name, Optional<String> base, List<EntryVerdict> entries, String theRock) {
        public SetReport {
            entries = List.copyOf(entries);
        }

        public SetReport with(List<EntryVerdict> other) {
            return new SetReport(name, base, other, theRock);
        }

        public Summary summary() {
            return Summary.of(entries);
        }
    }

    /**
     * How many entries are ok, need review, are broken, and how many were not checked: not for the version of their
     * component here (their {@code when}).
     */
    public record Summary(int ok, int review, int broken, int skipped) {
        public static Summary of(List<EntryVerdict> entries) {
            int[] n = new int[VerdictClass.values().length];
            entries.forEach(v -> n[v.verdictClass().ordinal()]++);
            return new Summary(
                    n[VerdictClass.OK.ordinal()],
                    n[VerdictClass.REVIEW.ordinal()],
                    n[VerdictClass.BROKEN.ordinal()],
                    n[VerdictClass.SKIPPED.ordinal()]);
        }

        /**
         * The worst class among the entries: broken over review over ok. A run whose entries were all not for this
         * version checked nothing: review (exit 3), never a success as if verified.
         */
        public VerdictClass worst() {
            return broken > 0
                    ? VerdictClass.BROKEN
                    : review > 0 || ok == 0 && skipped > 0 ? VerdictClass.REVIEW : VerdictClass.OK;
        }

        public ExitCode exitCode() {
            return worst().exitCode();
        }
    }

    public static Report of(Run run, String rev) {
        return of(
                rev,
                run.sets().stream()
                        .map(s -> new SetReport(
                                s.loaded().patchset().name(),
                                s.loaded().patchset().base(),
                                s.entries().stream()
                                        .map(e -> e.check().verdict())
                                        .toList(),
                                s.loaded().theRock()))
                        .toList());
    }

    /** A report of these sets, with their verdicts counted. */
    public static Report of(String rev, List<SetReport> sets) {
        return new Report(
                rev,
                sets,
                Summary.of(sets.stream().flatMap(s -> s.entries().stream()).toList()));
    }

    @Override
    public ExitCode exitCode() {
        return summary.exitCode();
    }
}
