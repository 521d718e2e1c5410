package io.patchpin.patchset;

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

    /** Parses "all" or a positive number; null when it is neither. */
    public static Occurrence parse(String text) {
        if (text == null || text.equalsIgnoreCase("all")) {
            return ALL;
        }
        try {
            int n = Integer.parseInt(text.trim());
            return n > 0 ? new Occurrence(n) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return isAll() ? "all" : Integer.toString(nth);
    }
}
