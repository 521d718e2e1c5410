package io.patchpin.impact;

import java.util.List;
import java.util.SortedSet;
import java.util.stream.IntStream;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/**
 * One change a commit made to a file: old and new line ranges (1-based; a count of 0 is an insertion or
 * deletion point) and the first lines removed and added.
 */
public record ChangedLines(
        int oldStart, int oldCount, int newStart, int newCount, List<String> removed, List<String> added) {
    /** How far from an entry's place a change still counts as near it, in lines (a hunk's usual context). */
    public static final int NEAR = 3;
    /** Lines shown each way per change: enough to recognise it, not the whole commit. */
    public static final int SHOWN = 4;

    public ChangedLines {
        removed = List.copyOf(removed);
        added = List.copyOf(added);
    }

    /** How many changes a commit made to a file, and those near the entry's place. */
    public record Near(int total, List<ChangedLines> near) {
        public Near {
            near = List.copyOf(near);
        }
    }

    /**
     * The changes from {@code before} to {@code after}, and those near the 1-based {@code place} lines of the
     * old side (none without a place: nearness is not guessed). A missing side (added or deleted file) is
     * empty; a binary side counts as one change with no lines.
     */
    public static Near near(byte[] before, byte[] after, SortedSet<Integer> place) {
        if (RawText.isBinary(before) || RawText.isBinary(after)) {
            return new Near(1, List.of());
        }
        RawText a = new RawText(before);
        RawText b = new RawText(after);
        List<Edit> edits = DiffAlgorithm.getAlgorithm(DiffAlgorithm.SupportedAlgorithm.HISTOGRAM)
                .diff(RawTextComparator.DEFAULT, a, b);
        return new Near(
                edits.size(),
                edits.stream()
                        .filter(e -> isNear(e, place))
                        .map(e -> new ChangedLines(
                                e.getBeginA() + 1,
                                e.getLengthA(),
                                e.getBeginB() + 1,
                                e.getLengthB(),
                                lines(a, e.getBeginA(), e.getEndA()),
                                lines(b, e.getBeginB(), e.getEndB())))
                        .toList());
    }

    private static boolean isNear(Edit e, SortedSet<Integer> place) {
        // a deletion or insertion point sits between lines beginA and beginA + 1
        int from = e.getBeginA() + 1 - NEAR;
        int to = Math.max(e.getEndA(), e.getBeginA() + 1) + NEAR;
        return !place.subSet(from, to + 1).isEmpty();
    }

    private static List<String> lines(RawText t, int from, int to) {
        return IntStream.range(from, Math.min(to, from + SHOWN))
                .mapToObj(t::getString)
                .toList();
    }

    /** The hunk header git would print for this change. */
    public String header() {
        return "@@ -" + range(oldStart, oldCount) + " +" + range(newStart, newCount) + " @@";
    }

    private static String range(int start, int count) {
        // git names the line before an empty range
        return count == 1 ? Integer.toString(start) : (count == 0 ? start - 1 : start) + "," + count;
    }
}
