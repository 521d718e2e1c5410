package io.patchpin.verify;

import java.util.List;

/** The numbers behind a verdict. */
public sealed interface Evidence {
    Evidence NONE = new None();

    /** No numbers: the detail says it all. */
    record None() implements Evidence {
    }

    /**
     * Anchor matches of a rewrite or insert.
     *
     * @param found  matches found now
     * @param sealed matches sealed at the base
     * @param lines  1-based lines of the edited matches now
     */
    record Matches(int found, int sealed, List<Integer> lines) implements Evidence {
        public Matches {
            lines = List.copyOf(lines);
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
