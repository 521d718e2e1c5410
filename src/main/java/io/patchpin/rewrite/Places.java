package io.patchpin.rewrite;

import io.patchpin.core.Hashes;
import io.patchpin.patchset.Place;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Evidence of place: records where an edit sat at the base ({@link #of}) and finds that place again in another text
 * ({@link #find}). An edit is at its sealed place when its edited lines are there with the sealed context lines around
 * them: all of them (aligned with the file's start or end where the sealed context was clipped), or at least the
 * nearest line on each side (the way {@code git apply -C1} accepts a hunk whose outer context changed).
 */
public final class Places {
    private Places() {}

    /** Where an edit was found: 0-based first edited line, and whether every context line is as sealed. */
    public record Found(int line, boolean exact) {}

    /**
     * The evidence for an edit at the base: the {@code matched} text on 0-based lines [{@code matchFirst}, {@code
     * matchLast}] of {@code before}, edited into {@code editedCount} lines from {@code editedFirst} of {@code after}.
     */
    static Place of(
            LineIndex before,
            int matchFirst,
            int matchLast,
            String matched,
            LineIndex after,
            int editedFirst,
            int editedCount) {
        int end = editedFirst + editedCount;
        List<String> above = shortHashes(after, Math.max(0, editedFirst - Context.RADIUS), editedFirst);
        List<String> below = shortHashes(after, end, Math.min(after.count(), end + Context.RADIUS));
        return new Place(
                Math.min(editedFirst, Math.max(0, after.count() - 1)) + 1,
                Place.recorded(matched),
                before.joinedHash(matchFirst, matchLast - matchFirst + 1),
                after.joinedHash(editedFirst, editedCount),
                editedCount,
                above,
                below);
    }

    private static List<String> shortHashes(LineIndex lines, int from, int to) {
        return IntStream.range(from, to)
                .mapToObj(l -> shortHash(lines.content(l)))
                .toList();
    }

    /** The best place in {@code lines} holding the sealed edit: exact first, else with the outer context changed. */
    public static Optional<Found> find(LineHashes lines, Place p) {
        Found inner = null;
        for (int at = 0; at + p.editedLines() <= lines.count(); at++) {
            if (!lines.joined(at, p.editedLines()).equals(p.edited())) {
                continue;
            }
            if (exact(lines, p, at)) {
                return Optional.of(new Found(at, true));
            }
            if (inner == null && inner(lines, p, at)) {
                inner = new Found(at, false);
            }
        }
        return Optional.ofNullable(inner);
    }

    /** 0-based lines holding the edited lines without the sealed context (look-alikes). */
    public static List<Integer> lookalikes(LineHashes lines, Place p) {
        if (p.editedLines() == 0) {
            return List.of();
        }
        return IntStream.rangeClosed(0, lines.count() - p.editedLines())
                .filter(at -> lines.joined(at, p.editedLines()).equals(p.edited()) && !inner(lines, p, at))
                .boxed()
                .toList();
    }

    /** Whether the lines holding a match are as sealed. */
    static boolean sameMatchedLines(LineIndex lines, int first, int last, Place p) {
        return lines.joinedHash(first, last - first + 1).equals(p.matchedLines());
    }

    private static boolean exact(LineHashes lines, Place p, int at) {
        int top = at - p.above().size();
        int bottom = at + p.editedLines() + p.below().size();
        if (top < 0 || bottom > lines.count()) {
            return false;
        }
        if (p.above().size() < Context.RADIUS && top != 0
                || p.below().size() < Context.RADIUS && bottom != lines.count()) {
            return false; // the sealed context was clipped at the file's start or end: so must this one be
        }
        int below = at + p.editedLines();
        return IntStream.range(0, p.above().size())
                        .allMatch(k -> lines.shortHash(top + k).equals(p.above().get(k)))
                && IntStream.range(0, p.below().size()).allMatch(k -> lines.shortHash(below + k)
                        .equals(p.below().get(k)));
    }

    /** Whether the nearest sealed context line on each side is there. */
    private static boolean inner(LineHashes lines, Place p, int at) {
        int next = at + p.editedLines();
        boolean above = p.above().isEmpty()
                || at > 0
                        && lines.shortHash(at - 1)
                                .equals(p.above().get(p.above().size() - 1));
        boolean below = p.below().isEmpty()
                || next < lines.count()
                        && lines.shortHash(next).equals(p.below().get(0));
        return above && below;
    }

    /** " (moved 3 lines down)" for a place found elsewhere than sealed, "" when it did not move. */
    static String moved(int lines) {
        return lines == 0 ? "" : " (moved " + movedBy(lines) + ")";
    }

    /** "3 lines down" or "1 line up". */
    static String movedBy(int lines) {
        return Show.plural(Math.abs(lines), "line") + (lines > 0 ? " down" : " up");
    }

    static String shortHash(String lineContent) {
        return Hashes.sha256(lineContent).substring(0, Place.SHORT);
    }
}
