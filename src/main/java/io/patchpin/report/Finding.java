package io.patchpin.report;

import io.patchpin.check.EntryVerdict;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry's verdict with the place a CI page should point at.
 *
 * @param base     the patchset's 40-hex base, empty when unknown
 * @param where    the entry's {@code [[entry]]} line in patchset.toml, or for a patch whose hunk
 *                 failed (or needed fuzz) that hunk's {@code @@} line in the patch file
 */
public record Finding(String patchset, Optional<String> base, EntryVerdict verdict, Location where) {
    public Finding {
        Objects.requireNonNull(patchset, "patchset");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(where, "where");
    }

    /**
     * A file and 1-based line.
     *
     * @param file path relative to the current directory, '/'-separated
     */
    public record Location(String file, int line) {
        public Location {
            Objects.requireNonNull(file, "file");
            line = Math.max(line, 1);
        }
    }
}
