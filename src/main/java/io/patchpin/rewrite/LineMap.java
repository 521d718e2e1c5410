package io.patchpin.rewrite;

import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.diff.Sequence;
import org.eclipse.jgit.diff.SequenceComparator;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Where each line of one text went in another, through the line diff between
 * them (JGit's histogram diff, as {@code git diff --histogram} and blame
 * follow a line): a line in an unchanged stretch maps to its line there; a
 * line that the diff changed or removed maps nowhere.
 */
public final class LineMap {
    private final EditList edits;
    private final int fromCount;

    private LineMap(EditList edits, int fromCount) {
        this.edits = edits;
        this.fromCount = fromCount;
    }

    /** The map from {@code from}'s lines to {@code to}'s. */
    public static LineMap of(LineIndex from, LineIndex to) {
        Lines a = new Lines(from);
        Lines b = new Lines(to);
        return new LineMap(new HistogramDiff().diff(Lines.COMPARATOR, a, b), from.count());
    }

    /** The 0-based line of {@code to} that 0-based line {@code line} of {@code from} is, or empty when the diff changed it. */
    public OptionalInt map(int line) {
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
            lines = new ArrayList<>(index.count());
            for (int i = 0; i < index.count(); i++) {
                lines.add(index.content(i));
            }
        }

        @Override
        public int size() {
            return lines.size();
        }
    }
}
