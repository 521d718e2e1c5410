package io.patchpin.check;

import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Entry;
import java.util.List;
import java.util.Objects;

/**
 * The verdict of one entry with its one-line human reason and the numbers
 * behind it. Text is rendered from this, never parsed back.
 *
 * @param reason what the checker found, without the "unsealed: " that {@link #detail()} adds for an unsealed entry
 * @param sealed whether the entry has a seal
 * @param mention where {@code reason} names the superproject revision checked, so that a verdict reused at
 *                another commit can name that one ({@link #at(String)})
 */
public record EntryVerdict(
        String id,
        Entry.Kind kind,
        String component,
        List<String> files,
        Verdict verdict,
        String reason,
        Evidence evidence,
        boolean sealed,
        RevisionMention mention) {
    /** What {@link #detail()} puts before the reason of an entry without a seal. */
    public static final String UNSEALED = "unsealed: ";

    public EntryVerdict {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(verdict, "verdict");
        files = List.copyOf(files);
        reason = reason == null ? "" : reason;
        evidence = evidence == null ? Evidence.NONE : evidence;
        mention = mention == null ? RevisionMention.NONE : mention;
        if (!mention.fits(reason)) {
            throw new IllegalArgumentException("the reason does not name " + mention.commit() + " where recorded");
        }
    }

    public static EntryVerdict of(Entry entry, Verdict verdict, String reason, Evidence evidence) {
        return of(entry, verdict, reason, evidence, RevisionMention.NONE);
    }

    /** As {@link #of(Entry, Verdict, String, Evidence)}, for a reason that names the revision checked. */
    public static EntryVerdict of(
            Entry entry, Verdict verdict, String reason, Evidence evidence, RevisionMention mention) {
        return new EntryVerdict(
                entry.id(),
                entry.kind(),
                entry.component(),
                entry.files(),
                verdict,
                reason,
                evidence,
                entry.seal().isPresent(),
                mention);
    }

    /** The one-line detail shown: the reason, marked for an entry without a seal. */
    public String detail() {
        return sealed ? reason : UNSEALED + reason;
    }

    /** The same verdict with another reason, which names no revision. */
    public EntryVerdict withReason(String newReason) {
        return with(verdict, newReason, sealed, RevisionMention.NONE);
    }

    /** The same verdict with {@code note} after its reason; {@code noteMention} is where the note names the revision. */
    public EntryVerdict withNote(String note, RevisionMention noteMention) {
        return with(verdict, reason + note, sealed, mention.plus(noteMention, reason.length()));
    }

    /**
     * {@code verdict} (of the same entry, counted as sealed) whose reason is {@code prefix} and then this one's
     * detail, still naming the revision where this one does.
     */
    public EntryVerdict prefixed(Verdict newVerdict, String prefix) {
        String shown = detail();
        return with(
                newVerdict, prefix + shown, true, mention.shifted(prefix.length() + shown.length() - reason.length()));
    }

    /**
     * This verdict as checked at {@code commit}: a verdict reused there from another commit (nothing it depends on
     * changed) names {@code commit} where its reason names the revision, as a check there would.
     */
    public EntryVerdict at(String commit) {
        if (mention.none() || mention.commit().equals(commit)) {
            return this;
        }
        return with(verdict, mention.rebuild(reason, commit), sealed, new RevisionMention(commit, mention.offsets()));
    }

    private EntryVerdict with(Verdict v, String r, boolean s, RevisionMention m) {
        return new EntryVerdict(id, kind, component, files, v, r, evidence, s, m);
    }

    public VerdictClass verdictClass() {
        return verdict.verdictClass();
    }
}
