package io.patchpin.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a verdict's reason names the superproject revision it was checked at: that commit, and the offset of each
 * of its abbreviations in the reason. {@code history} reuses a verdict at commits where nothing it depends on
 * changed; {@code EntryVerdict.at} then names the commit shown by rebuilding those places only, never by
 * searching the text (a detail can quote any text, hex included).
 *
 * @param commit the 40-hex revision named, or null when the reason names none
 */
public record RevisionMention(String commit, List<Integer> offsets) {
    /** A reason that names no revision. */
    public static final RevisionMention NONE = new RevisionMention(null, List.of());

    public RevisionMention {
        offsets = List.copyOf(offsets);
        if ((commit == null) != offsets.isEmpty()) {
            throw new IllegalArgumentException("a revision mention needs both a commit and a place");
        }
    }

    /** {@code text} ends with {@code rev}'s abbreviation; NONE when {@code rev} is null (the work tree). */
    public static RevisionMention atEnd(String text, String rev) {
        return rev == null
                ? NONE
                : new RevisionMention(
                        rev, List.of(text.length() - Hashes.abbrev(rev).length()));
    }

    public boolean none() {
        return commit == null;
    }

    /** This mention in a text with {@code by} more characters before it. */
    public RevisionMention shifted(int by) {
        return none()
                ? this
                : new RevisionMention(commit, offsets.stream().map(o -> o + by).toList());
    }

    /** This mention and {@code other}'s, found {@code at} characters further on; both name the same revision. */
    public RevisionMention plus(RevisionMention other, int at) {
        if (other.none()) {
            return this;
        }
        if (none()) {
            return other.shifted(at);
        }
        if (!commit.equals(other.commit)) {
            throw new IllegalArgumentException("one reason names two revisions: " + commit + ", " + other.commit);
        }
        List<Integer> all = new ArrayList<>(offsets);
        other.offsets.forEach(o -> all.add(o + at));
        return new RevisionMention(commit, all);
    }

    /** {@code text} (the reason this mention belongs to) naming {@code rev} instead. */
    public String rebuild(String text, String rev) {
        String from = Hashes.abbrev(commit);
        String to = Hashes.abbrev(rev);
        StringBuilder b = new StringBuilder(text.length() + offsets.size() * (to.length() - from.length()));
        int done = 0;
        for (int o : offsets) {
            b.append(text, done, o).append(to);
            done = o + from.length();
        }
        return b.append(text, done, text.length()).toString();
    }

    /** Whether {@code text} holds the abbreviation at every offset: a mention built wrong is a fault, found early. */
    public boolean fits(String text) {
        String abbrev = none() ? "" : Hashes.abbrev(commit);
        return offsets.stream()
                .allMatch(o -> o >= 0 && o + abbrev.length() <= text.length() && text.startsWith(abbrev, o));
    }
}
