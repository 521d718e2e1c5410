package io.patchpin.check;

import io.patchpin.patchset.Entry;
import java.util.List;
import java.util.Objects;

/**
 * The verdict of one entry with its one-line human reason and the numbers
 * behind it. Text is rendered from this, never parsed back.
 *
 * @param reason what the checker found, without the "unsealed: " that {@link #detail()} adds for an unsealed entry
 * @param sealed whether the entry has a seal
 */
public record EntryVerdict(
        String id,
        Entry.Kind kind,
        String component,
        List<String> files,
        Verdict verdict,
        String reason,
        Evidence evidence,
        boolean sealed) {
    /** What {@link #detail()} puts before the reason of an entry without a seal. */
    public static final String UNSEALED = "unsealed: ";

    public EntryVerdict {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(verdict, "verdict");
        files = List.copyOf(files);
        reason = reason == null ? "" : reason;
        evidence = evidence == null ? Evidence.NONE : evidence;
    }

    /** A verdict of an entry whose seal is not known here (counted as sealed). */
    public EntryVerdict(
            String id,
            Entry.Kind kind,
            String component,
            List<String> files,
            Verdict verdict,
            String reason,
            Evidence evidence) {
        this(id, kind, component, files, verdict, reason, evidence, true);
    }

    public static EntryVerdict of(Entry entry, Verdict verdict, String reason, Evidence evidence) {
        return new EntryVerdict(
                entry.id(),
                entry.kind(),
                entry.component(),
                entry.files(),
                verdict,
                reason,
                evidence,
                entry.seal().isPresent());
    }

    /** The one-line detail shown: the reason, marked for an entry without a seal. */
    public String detail() {
        return sealed ? reason : UNSEALED + reason;
    }

    /** The same verdict with another reason. */
    public EntryVerdict withReason(String newReason) {
        return new EntryVerdict(id, kind, component, files, verdict, newReason, evidence, sealed);
    }

    public VerdictClass verdictClass() {
        return verdict.verdictClass();
    }
}
