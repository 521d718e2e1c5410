package io.patchpin.check;

import java.util.List;

/** The numbers behind a verdict. */
public sealed interface Evidence {
    Evidence NONE = new None();

    /** No numbers: the detail says it all. */
    record None() implements Evidence {
    }

    /**
     * Anchor matches of a rewrite or insert, and what is known of their place.
     *
     * @param found         matches found now
     * @param sealed        matches sealed at the base (-1 for an unsealed entry)
     * @param lines         1-based lines of the edited matches now
     * @param placeEvidence whether the seal records the place of each edit (seals written before that do not)
     * @param drift         what changed at the place
     * @param matchedSealed matched text of each edited match when sealed (empty when not recorded)
     * @param matchedNow    matched text of each edited match now
     * @param linesNow      the lines holding each edited match now
     * @param linesAfter    those lines after the edit
     * @param linesAbove    the line above each of them ("" at the file's start), to show the block they are in
     * @param anchorLine    1-based anchor line of an insert, 0 for none
     * @param placeLine     1-based line where the edit was found at its sealed place, 0 for none
     * @param lookalikes    1-based lines holding the edited text away from its sealed place
     */
    record Matches(int found, int sealed, List<Integer> lines, boolean placeEvidence, Drift drift,
            List<String> matchedSealed, List<String> matchedNow, List<String> linesNow, List<String> linesAfter,
            List<String> linesAbove, int anchorLine, int placeLine, List<Integer> lookalikes) implements Evidence {
        public Matches {
            lines = List.copyOf(lines);
            drift = drift == null ? Drift.NONE : drift;
            matchedSealed = List.copyOf(matchedSealed);
            matchedNow = List.copyOf(matchedNow);
            linesNow = List.copyOf(linesNow);
            linesAfter = List.copyOf(linesAfter);
            linesAbove = List.copyOf(linesAbove);
            lookalikes = List.copyOf(lookalikes);
        }

        public Matches(int found, int sealed, List<Integer> lines) {
            this(found, sealed, lines, false, Drift.NONE, List.of(), List.of(), List.of(), List.of(), List.of(), 0, 0, List.of());
        }
    }

    /** Per-hunk outcome of a patch. */
    record Hunks(List<HunkOutcome> hunks) implements Evidence {
        public Hunks {
            hunks = List.copyOf(hunks);
        }
    }

    /**
     * Where one hunk landed, or why it did not.
     *
     * @param file     file the hunk belongs to (relative to the component)
     * @param index    1-based hunk number within its file
     * @param expected 1-based line the hunk header names (old side)
     * @param applied  1-based line where it applied, or 0 when it failed
     * @param offset   applied - expected
     * @param fuzz     context lines ignored (0 when exact)
     * @param failure  why it failed, or "" when it applied
     */
    record HunkOutcome(String file, int index, int expected, int applied, int offset, int fuzz, String failure) {
    }
}
