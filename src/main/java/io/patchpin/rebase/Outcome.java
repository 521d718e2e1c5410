package io.patchpin.rebase;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Entry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry's line in the rebase report: its verdict at the new base, and what was done.
 *
 * @param verdict the verdict at the new base; empty when the user resolved or dropped it by hand
 * @param lines   for a drifted rewrite or insert, the lines to show; {@link Lines#NONE} otherwise
 */
public record Outcome(
        String id,
        Entry.Kind kind,
        String component,
        Optional<Verdict> verdict,
        Action action,
        String detail,
        Lines lines) {
    public Outcome {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(action, "action");
        detail = detail == null ? "" : detail;
        lines = lines == null ? Lines.NONE : lines;
    }

    /** An outcome that shows no lines. */
    public Outcome(
            String id, Entry.Kind kind, String component, Optional<Verdict> verdict, Action action, String detail) {
        this(id, kind, component, verdict, action, detail, Lines.NONE);
    }

    /** The entry's outcome; {@code verdict} is empty for one resolved or dropped by hand. */
    static Outcome of(Entry e, Optional<Verdict> verdict, Action action, String detail) {
        return new Outcome(e.id(), e.kind(), e.component(), verdict, action, detail);
    }

    /** The entry's outcome after a check, with the lines of a drifted edit. */
    static Outcome of(Entry e, EntryVerdict v, Action action, String detail) {
        Lines lines = v.verdict() == Verdict.DRIFTED && v.evidence() instanceof Evidence.Matches m
                ? new Lines(
                        m.shown().linesNow(), m.shown().linesAfter(), m.shown().linesAbove())
                : Lines.NONE;
        return new Outcome(e.id(), e.kind(), e.component(), Optional.of(v.verdict()), action, detail, lines);
    }

    /**
     * The lines of a drifted edit.
     *
     * @param before the lines holding each edited match at the new base
     * @param after  those lines after the edit
     * @param above  the line above each of them, unchanged
     */
    public record Lines(List<String> before, List<String> after, List<String> above) {
        public static final Lines NONE = new Lines(List.of(), List.of(), List.of());

        public Lines {
            before = before == null ? List.of() : List.copyOf(before);
            after = after == null ? List.of() : List.copyOf(after);
            above = above == null ? List.of() : List.copyOf(above);
        }
    }

    /** The verdict's word, or "RESOLVED" for a hand resolution. */
    public String verdictWord() {
        return verdict.map(Verdict::name).orElse("RESOLVED");
    }
}
