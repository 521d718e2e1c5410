package io.patchpin.patchset;

import java.util.Optional;

/** Which matches a rewrite edits: every one ({@code all}) or only the Nth, like {@code sed s///N}. */
public record Occurrence(int nth) {
    public static final Occurrence ALL = new Occurrence(0);

    public Occurrence {
        if (nth < 0) {
            throw new IllegalArgumentException("occurrence must be 'all' or a positive number");
        }
    }

    public boolean isAll() {
        return nth == 0;
    }

    /** Parses "all" (or nothing) or a positive number; empty when it is neither. */
    public static Optional<Occurrence> parse(String text) {
        if (text == null || text.equalsIgnoreCase("all")) {
            return Optional.of(ALL);
        }
        try {
            int n = Integer.parseInt(text.trim());
            return n > 0 ? Optional.of(new Occurrence(n)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return isAll() ? "all" : Integer.toString(nth);
    }
}
