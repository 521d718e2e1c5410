package io.patchpin.rebase;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Entry;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry's line in the rebase report: its verdict at the new base, and what was done.
 *
 * @param verdict the verdict at the new base; empty when the user resolved or dropped it by hand
 * @param shown   for a drifted rewrite or insert, the lines to show; {@link Evidence.Matches.Shown#NONE} otherwise
 */
public record Outcome(
        String id,
        Entry.Kind kind,
        String component,
        Optional<Verdict> verdict,
        Action action,
        String detail,
        Evidence.Matches.Shown shown) {
    public Outcome {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(action, "action");
    }

    /** An outcome that shows no lines. */
    public Outcome(
            String id, Entry.Kind kind, String component, Optional<Verdict> verdict, Action action, String detail) {
        this(id, kind, component, verdict, action, detail, Evidence.Matches.Shown.NONE);
    }

    /** The entry's outcome; {@code verdict} is empty for one resolved or dropped by hand. */
    static Outcome of(Entry e, Optional<Verdict> verdict, Action action, String detail) {
        return new Outcome(e.id(), e.kind(), e.component(), verdict, action, detail);
    }

    /** The entry's outcome after a check, with the lines of a drifted edit. */
    static Outcome of(Entry e, EntryVerdict v, Action action, String detail) {
        Evidence.Matches.Shown shown = v.verdict() == Verdict.DRIFTED && v.evidence() instanceof Evidence.Matches m
                ? m.shown()
                : Evidence.Matches.Shown.NONE;
        return new Outcome(e.id(), e.kind(), e.component(), Optional.of(v.verdict()), action, detail, shown);
    }

    /** The verdict's word, or "RESOLVED" for a hand resolution. */
    public String verdictWord() {
        return verdict.map(Verdict::name).orElse("RESOLVED");
    }
}
