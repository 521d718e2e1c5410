package io.patchpin.patch;

import java.util.List;
import java.util.function.Predicate;

/**
 * One hunk as parsed: the header's ranges, its lines, and where it was in the patch file.
 *
 * @param patchLine 1-based line of the "@@" header in the patch file
 */
public record Hunk(int oldStart, int oldCount, int newStart, int newCount, List<Line> lines, int patchLine) {
    /**
     * One line of a hunk: ' ' context, '-' removed, '+' added. {@code text} keeps
     * its "\n" unless the patch marked it "\ No newline at end of file".
     */
    public record Line(char kind, String text) {
        public Line {
            if (kind != ' ' && kind != '-' && kind != '+') {
                throw new IllegalArgumentException("hunk line kind " + kind);
            }
        }
    }

    public Hunk {
        lines = List.copyOf(lines);
    }

    public List<String> preimage() {
        return texts(l -> l.kind() != '+');
    }

    public List<String> postimage() {
        return texts(l -> l.kind() != '-');
    }

    private List<String> texts(Predicate<Line> side) {
        return lines.stream().filter(side).map(Line::text).toList();
    }

    /** Context lines before the first change. */
    public int leadingContext() {
        return (int) lines.stream().takeWhile(l -> l.kind() == ' ').count();
    }

    /** Context lines after the last change. */
    public int trailingContext() {
        int n = 0;
        while (n < lines.size() && lines.get(lines.size() - 1 - n).kind() == ' ') {
            n++;
        }
        return n;
    }

    public Hunk reversed() {
        List<Line> out = lines.stream()
                .map(l -> new Line(l.kind() == '+' ? '-' : l.kind() == '-' ? '+' : ' ', l.text()))
                .toList();
        return new Hunk(newStart, newCount, oldStart, oldCount, out, patchLine);
    }

    Hunk withLines(List<Line> other) {
        return new Hunk(oldStart, oldCount, newStart, newCount, other, patchLine);
    }
}
