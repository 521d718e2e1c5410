package io.patchpin.history;

import io.patchpin.bisect.LineCommit;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.patchset.Entry;
import io.patchpin.verify.Report;
import java.util.List;
import java.util.Optional;

/**
 * Every entry's verdict along the first-parent line from one revision to another.
 *
 * @param lineSize    commits on the line, both ends included
 * @param checked     commits verified
 * @param sampled     true when not every commit of the line was verified
 * @param columns     the commits shown, oldest first: every one checked, or the samples and each change found
 * @param rows        one per entry, in patchset order
 * @param commitLink  URL prefix to which a 40-hex commit is appended (GitHub superprojects), or empty
 */
public record HistoryReport(
        int lineSize,
        int checked,
        boolean sampled,
        List<LineCommit> columns,
        List<Row> rows,
        Optional<String> commitLink)
        implements OperationResult {

    public HistoryReport {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** One entry: its verdict at every column and where it changed. */
    public record Row(
            String patchset,
            String id,
            Entry.Kind kind,
            String component,
            List<String> files,
            List<EntryVerdict> cells,
            List<Transition> transitions) {
        public Row {
            files = List.copyOf(files);
            cells = List.copyOf(cells);
            transitions = List.copyOf(transitions);
        }

        public EntryVerdict last() {
            return cells.get(cells.size() - 1);
        }
    }

    /** The entry was {@code from} at the commit just before {@code commit} and is {@code to} there. */
    public record Transition(LineCommit commit, Verdict from, Verdict to, String detail) {}

    public LineCommit from() {
        return columns.get(0);
    }

    public LineCommit to() {
        return columns.get(columns.size() - 1);
    }

    /** The entries at the last commit, counted by class as {@code verify --rev TO} counts them. */
    public Report.Summary summary() {
        return Report.Summary.of(rows.stream().map(Row::last).toList());
    }

    /** As {@code verify --rev TO} would exit: the worst class at the last commit. */
    @Override
    public ExitCode exitCode() {
        return summary().exitCode();
    }
}
