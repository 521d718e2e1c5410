package io.patchpin.rebase;

import io.patchpin.patchset.Entry;
import io.patchpin.check.Verdict;

import java.util.List;
import java.util.Objects;

/**
 * One entry's line in the rebase report: its verdict at the new base, and what was done.
 *
 * @param verdict     the verdict at the new base, or null when the user resolved or dropped it by hand
 * @param linesBefore for a drifted rewrite or insert, the lines holding each edited match at the new base
 * @param linesAfter  those lines after the edit
 * @param linesAbove  the line above each of them, unchanged
 */
public record Outcome(String id, Entry.Kind kind, String component, Verdict verdict, Action action, String detail,
        List<String> linesBefore, List<String> linesAfter, List<String> linesAbove) {
    public Outcome {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(action, "action");
        detail = detail == null ? "" : detail;
        linesBefore = linesBefore == null ? List.of() : List.copyOf(linesBefore);
        linesAfter = linesAfter == null ? List.of() : List.copyOf(linesAfter);
        linesAbove = linesAbove == null ? List.of() : List.copyOf(linesAbove);
    }

    /** An outcome that shows no lines. */
    public Outcome(String id, Entry.Kind kind, String component, Verdict verdict, Action action, String detail) {
        this(id, kind, component, verdict, action, detail, List.of(), List.of(), List.of());
    }

    /** The verdict's word, or "RESOLVED" for a hand resolution. */
    public String verdictWord() {
        return verdict == null ? "RESOLVED" : verdict.name();
    }
}
