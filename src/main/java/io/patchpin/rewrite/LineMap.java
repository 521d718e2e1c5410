package io.patchpin.rewrite;

import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.diff.MyersDiff;
import org.eclipse.jgit.diff.Sequence;
import org.eclipse.jgit.diff.SequenceComparator;

/**
 * Where each line of one text went in another, through the line diffs between them, as {@code git diff} and blame
 * follow a line: a line in an unchanged stretch maps to its line there; a line that the diff changed or removed maps
 * nowhere. Two diffs are asked, git's default (Myers) and the histogram diff, and a line maps only where both agree: on
 * a file rewritten around it they can pair a line with a different copy of it, and a line whose place is in doubt is no
 * evidence that an edit is there.
 */
record LineMap(EditList histogram, EditList myers, int fromCount) {
    static LineMap of(LineIndex from, LineIndex to) {
        Lines a = new Lines(from);
        Lines b = new Lines(to);
        return new LineMap(
                new HistogramDiff().diff(Lines.COMPARATOR, a, b),
                MyersDiff.INSTANCE.diff(Lines.COMPARATOR, a, b),
                from.count());
    }

    /** The 0-based line of {@code to} that 0-based line {@code line} of {@code from} is, or empty when a diff changed it. */
    OptionalInt map(int line) {
        OptionalInt h = map(histogram, line);
        return h.isPresent() && h.equals(map(myers, line)) ? h : OptionalInt.empty();
    }

    /**
     * Whether lines [{@code first}, {@code end}) of {@code from} (empty: the gap before {@code first}) were replaced,
     * in both diffs, by a stretch of {@code to} that holds lines [{@code at}, {@code at + count}): what became of those
     * lines, as blame would say.
     */
    boolean replacedWithin(int first, int end, int at, int count) {
        return replacedWithin(histogram, first, end, at, count) && replacedWithin(myers, first, end, at, count);
    }

    private static boolean replacedWithin(EditList edits, int first, int end, int at, int count) {
        for (Edit e : edits) {
            boolean covers = first == end
                    ? e.getBeginA() <= first && first <= e.getEndA()
                    : e.getBeginA() <= first && end <= e.getEndA();
            if (covers && e.getBeginB() <= at && at + count <= e.getEndB()) {
                return true;
            }
        }
        return false;
    }

    private OptionalInt map(EditList edits, int line) {
        if (line < 0 || line >= fromCount) {
            return OptionalInt.empty();
        }
        int shift = 0;
        for (Edit e : edits) {
            if (line < e.getBeginA()) {
                break;
            }
            if (line < e.getEndA()) {
                return OptionalInt.empty();
            }
            shift = e.getEndB() - e.getEndA();
        }
        return OptionalInt.of(line + shift);
    }

    /** Lines of a text as a diff sequence; compared by content without terminators. */
    private static final class Lines extends Sequence {
        static final SequenceComparator<Lines> COMPARATOR = new SequenceComparator<>() {
            @Override
            public boolean equals(Lines a, int ai, Lines b, int bi) {
                return a.lines.get(ai).equals(b.lines.get(bi));
            }

            @Override
            public int hash(Lines seq, int ptr) {
                return seq.lines.get(ptr).hashCode();
            }
        };

        final List<String> lines;

        Lines(LineIndex index) {
            lines = IntStream.range(0, index.count()).mapToObj(index::content).toList();
        }

        @Override
        public int size() {
            return lines.size();
        }
    }
}
