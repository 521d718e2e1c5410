package io.patchpin.check;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The numbers behind a verdict. */
public sealed interface Evidence {
    Evidence NONE = new None();

    /**
     * The 1-based lines of {@code file} the verdict found the edit's place at (matches, an anchor, where
     * hunks landed or were expected), sorted; empty when the evidence names no place.
     */
    default SortedSet<Integer> placeLines(String file) {
        return new TreeSet<>();
    }

    /** No numbers: the detail says it all. */
    record None() implements Evidence {}

    /**
     * Anchor matches of a rewrite or insert, and what is known of their place.
     *
     * @param found  matches found now
     * @param sealed matches sealed at the base (-1 for an unsealed entry)
     * @param lines  1-based lines of the edited matches now
     * @param place  what the seal tells of where the edits are
     * @param shown  the texts a reviewer is shown
     */
    record Matches(int found, int sealed, List<Integer> lines, Place place, Shown shown) implements Evidence {
        public Matches {
            lines = List.copyOf(lines);
            place = place == null ? Place.NONE : place;
            shown = shown == null ? Shown.NONE : shown;
        }

        @Override
        public SortedSet<Integer> placeLines(String file) {
            SortedSet<Integer> out = new TreeSet<>(lines);
            IntStream.of(place.anchorLine(), place.placeLine())
                    .filter(l -> l > 0)
                    .forEach(out::add);
            return out;
        }

        /**
         * Where the edits are, as far as the seal tells.
         *
         * @param evidence   whether the seal records the place of each edit (seals written before that do not)
         * @param drift      what changed at the place
         * @param anchorLine 1-based anchor line of an insert, 0 for none
         * @param placeLine  1-based line where the edit was found at its sealed place, 0 for none
         * @param lookalikes 1-based lines holding the edited text away from its sealed place
         */
        public record Place(boolean evidence, Drift drift, int anchorLine, int placeLine, List<Integer> lookalikes) {
            public static final Place NONE = new Place(false, Drift.NONE, 0, 0, List.of());

            public Place {
                drift = drift == null ? Drift.NONE : drift;
                lookalikes = List.copyOf(lookalikes);
            }
        }

        /**
         * The texts of the edited matches.
         *
         * @param matchedSealed matched text of each edited match when sealed (empty when not recorded)
         * @param matchedNow    matched text of each edited match now
         * @param linesNow      the lines holding each edited match now
         * @param linesAfter    those lines after the edit
         * @param linesAbove    the line above each of them ("" at the file's start), to show the block they are in
         */
        public record Shown(
                List<String> matchedSealed,
                List<String> matchedNow,
                List<String> linesNow,
                List<String> linesAfter,
                List<String> linesAbove) {
            public static final Shown NONE = new Shown(List.of(), List.of(), List.of(), List.of(), List.of());

            public Shown {
                matchedSealed = List.copyOf(matchedSealed);
                matchedNow = List.copyOf(matchedNow);
                linesNow = List.copyOf(linesNow);
                linesAfter = List.copyOf(linesAfter);
                linesAbove = List.copyOf(linesAbove);
            }
        }
    }

    /** Per-hunk outcome of a patch. */
    record Hunks(List<HunkOutcome> hunks) implements Evidence {
        public Hunks {
            hunks = List.copyOf(hunks);
        }

        @Override
        public SortedSet<Integer> placeLines(String file) {
            return hunks.stream()
                    .filter(h -> h.file().equals(file))
                    .map(h -> h.applied() > 0
                            ? h.applied()
                            : h.failure()
                                    .map(HunkFailure::firstLine)
                                    .filter(l -> l > 0)
                                    .orElse(h.expected()))
                    .filter(line -> line > 0)
                    .collect(Collectors.toCollection(TreeSet::new));
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
     * @param failure  why it failed; empty when it applied
     */
    record HunkOutcome(
            String file, int index, int expected, int applied, int offset, int fuzz, Optional<HunkFailure> failure) {
        public HunkOutcome {
            Objects.requireNonNull(failure, "failure");
        }

        /** A hunk that did not apply, for {@code reason}. */
        public static HunkOutcome failed(String file, int index, int expected, HunkFailure failure) {
            return new HunkOutcome(file, index, expected, 0, 0, 0, Optional.of(failure));
        }

        public boolean failed() {
            return failure.isPresent();
        }

        /** Why it failed, in words; "" when it applied. */
        public String failureText() {
            return failure.map(f -> f.describe(index)).orElse("");
        }
    }

    /**
     * Why a hunk (or the file it belongs to) did not apply.
     *
     * @param firstLine first old-side line of a hunk that does not match (0 otherwise)
     * @param lastLine  last old-side line of it
     * @param patchLine the hunk's line in the patch file (0 when not about one hunk)
     */
    record HunkFailure(Reason reason, int firstLine, int lastLine, int patchLine) {
        public enum Reason {
            DOES_NOT_MATCH,
            FILE_DOES_NOT_EXIST,
            FILE_ALREADY_EXISTS,
            DELETED_FILE_KEEPS_CONTENT,
            RENAME_TARGET_EXISTS
        }

        /** A failure of the whole file, not of one hunk's lines. */
        public static HunkFailure of(Reason reason) {
            return new HunkFailure(reason, 0, 0, 0);
        }

        /** One line, for hunk number {@code index}. */
        public String describe(int index) {
            return switch (reason) {
                case DOES_NOT_MATCH ->
                    "hunk #" + index + " (lines " + firstLine + "-" + lastLine + ", patch line " + patchLine
                            + ") does not match";
                case FILE_DOES_NOT_EXIST -> "file does not exist";
                case FILE_ALREADY_EXISTS -> "file to create already exists";
                case DELETED_FILE_KEEPS_CONTENT -> "deleted file still has content after the patch";
                case RENAME_TARGET_EXISTS -> "rename target already exists";
            };
        }
    }
}
