package io.patchpin.rebase;

import io.patchpin.patchset.Entry;
import io.patchpin.verify.Verdict;

import java.util.Objects;

/**
 * One entry's line in the rebase report: its verdict at the new base, and what was done.
 *
 * @param verdict the verdict at the new base, or null when the user resolved or dropped it by hand
 */
public record Outcome(String id, Entry.Kind kind, String component, Verdict verdict, Action action, String detail) {
    public Outcome {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(action, "action");
        detail = detail == null ? "" : detail;
    }

    /** The verdict's word, or "RESOLVED" for a hand resolution. */
    public String verdictWord() {
        return verdict == null ? "RESOLVED" : verdict.name();
    }
}
