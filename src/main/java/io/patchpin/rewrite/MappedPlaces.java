package io.patchpin.rewrite;

import io.patchpin.patchset.Place;
import java.util.List;
import java.util.OptionalInt;

/**
 * Whether a sealed edit sits where its lines went: the file as the entry
 * left it at the base is diffed against the file now ({@link LineMap}), and
 * each sealed place's edited lines are followed through that diff. An edit
 * whose lines the diff keeps is there, at the line they map to, whatever
 * happened around it; a look-alike elsewhere is not what the lines map to.
 *
 * @param at        places whose edited lines map, in order, onto lines of the file now
 * @param total     sealed places
 * @param firstLine 0-based line of the file now where the first such place sits, or -1
 * @param sealed    1-based line of that place at the base (after the edit), or 0
 */
record MappedPlaces(int at, int total, int firstLine, int sealed) {

    boolean all() {
        return total > 0 && at == total;
    }

    boolean none() {
        return at == 0;
    }

    /** "line 40 (sealed at line 12, followed through the file's diff since the base)". */
    String describe() {
        return "line " + (firstLine + 1) + " (sealed line " + sealed
                + (sealed == firstLine + 1 ? "" : ", moved " + Places.movedBy(firstLine + 1 - sealed))
                + ", followed through the file's diff since the base)";
    }

    /**
     * Follows each place of {@code places}, recorded in {@code after} (the base with the edit), into {@code now}; a
     * place counts only when, from {@code before} (the base without it), the lines it edited ({@code spans}: an insert's is
     * empty, where it goes) were replaced by a stretch holding it: a copy
     * of the edited line that upstream wrote elsewhere is not this edit.
     */
    static MappedPlaces of(List<Place> places, LineIndex after, LineIndex now, LineIndex before, List<LineSpan> spans) {
        LineMap map = LineMap.of(after, now);
        LineMap fromBefore = null;
        int at = 0;
        int first = -1;
        int sealed = 0;
        for (int i = 0; i < places.size(); i++) {
            Place p = places.get(i);
            OptionalInt line = follow(map, p, after.count());
            if (line.isPresent()) {
                fromBefore = fromBefore == null ? LineMap.of(before, now) : fromBefore;
                LineSpan span = spans.get(i);
                if (!fromBefore.replacedWithin(span.first(), span.end(), line.getAsInt(), p.editedLines())) {
                    continue;
                }
                at++;
                if (first < 0) {
                    first = line.getAsInt();
                    sealed = p.line();
                }
            }
        }
        return new MappedPlaces(at, places.size(), first, sealed);
    }

    /** The 0-based line now of the place's first edited line when every edited line maps there in order. */
    private static OptionalInt follow(LineMap map, Place p, int afterCount) {
        int first = p.line() - 1;
        if (p.editedLines() == 0) {
            // a removed line: the lines that were around it must still be neighbours
            OptionalInt above = map.map(first - 1);
            OptionalInt below = first < afterCount ? map.map(first) : OptionalInt.empty();
            if (above.isPresent() && below.isPresent() && below.getAsInt() == above.getAsInt() + 1) {
                return below;
            }
            return OptionalInt.empty();
        }
        OptionalInt start = map.map(first);
        if (start.isEmpty()) {
            return start;
        }
        for (int k = 1; k < p.editedLines(); k++) {
            OptionalInt l = map.map(first + k);
            if (l.isEmpty() || l.getAsInt() != start.getAsInt() + k) {
                return OptionalInt.empty();
            }
        }
        return start;
    }
}
