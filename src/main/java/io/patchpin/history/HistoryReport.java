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

    /**
     * One entry: its verdict at every column and where it changed.
     *
     * @param cells the verdict at each column; empty where the entry is not there: only an entry of TheRock's
     *              {@code patches/<tag>} under a layered set ({@code layer:<tag>/<project>}) comes and goes
     */
    public record Row(
            String patchset,
            String id,
            Entry.Kind kind,
            String component,
            List<String> files,
            List<Optional<EntryVerdict>> cells,
            List<Transition> transitions) {
        public Row {
            files = List.copyOf(files);
            cells = List.copyOf(cells);
            transitions = List.copyOf(transitions);
        }

        /** The verdict at the last column, empty when the entry is not there. */
        public Optional<EntryVerdict> last() {
            return cells.get(cells.size() - 1);
        }
    }

    /**
     * The entry was {@code from} at the commit just before {@code commit} and is {@code to} there; an empty verdict:
     * the entry is not there (a patch of TheRock's that came or went).
     */
    public record Transition(LineCommit commit, Optional<Verdict> from, Optional<Verdict> to, String detail) {}

    /** What the text and the page say of an entry that is not there at a commit. */
    public static final String ABSENT = "(not in the layer)";

    public LineCommit from() {
        return columns.get(0);
    }

    public LineCommit to() {
        return columns.get(columns.size() - 1);
    }

    /** The entries at the last commit, counted by class as {@code verify --rev TO} counts them. */
    public Report.Summary summary() {
        return Report.Summary.of(rows.stream().flatMap(r -> r.last().stream()).toList());
    }

    /** As {@code verify --rev TO} would exit: the worst class at the last commit. */
    @Override
    public ExitCode exitCode() {
        return summary().exitCode();
    }
}
