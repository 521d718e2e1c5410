package io.patchpin.rewrite;

import io.patchpin.check.Drift;
import io.patchpin.core.Digests;
import io.patchpin.core.Hashes;
import io.patchpin.patchset.TextEntry;
import io.patchpin.patchset.TextSeal;
import java.util.List;
import java.util.Optional;

/**
 * One text entry against one file content, as both text checkers read it: the bytes and their digest, the
 * decoded text and its lines, the entry's seal (null when unsealed), the run's digests, and what the check finds
 * on the way.
 */
abstract class TextState<E extends TextEntry> {
    final E e;
    final byte[] bytes;
    final DecodedText text;
    final String t;
    final LineIndex lines;
    final TextSeal seal;
    final String sha;
    final Digests digests;
    /** The most units of work one regex search may take. */
    final long regexWork;

    Drift drift = Drift.NONE;
    int placeLine;
    List<Integer> lookalikes = List.of();

    /** The file at the base before this entry, or null when unknown. */
    final byte[] base;

    TextState(E e, byte[] bytes, byte[] base, Digests digests, long regexWork) {
        this.e = e;
        this.bytes = bytes;
        this.base = base;
        this.text = DecodedText.decode(bytes);
        this.t = text.value();
        this.lines = new LineIndex(t);
        this.seal = e.seal().orElse(null);
        this.digests = digests;
        this.regexWork = regexWork;
        this.sha = digests.sha256(bytes);
    }

    /**
     * The entry applied to the base text, and per sealed place the lines it
     * edited there (0-based first line and end; empty for an insert, at the gap
     * it fills); empty when it does not apply there.
     */
    abstract Optional<AtBase> afterAtBase(DecodedText baseText);

    /** The base with the entry applied, and the base lines each edit replaced. */
    record AtBase(String after, List<int[]> spans) {}

    /**
     * Whether the sealed places' edited lines are where the file's own diff
     * since the base takes them; empty without a base, a seal with places, or
     * a base that does not give the sealed "after". Files that hold none of the
     * edited lines are not diffed.
     */
    Optional<MappedPlaces> mapped() {
        if (base == null || seal == null || !seal.hasPlaces()) {
            return Optional.empty();
        }
        DecodedText bt = DecodedText.decode(base);
        Optional<AtBase> atBase = afterAtBase(bt);
        if (atBase.isEmpty()
                || atBase.get().spans().size() != seal.places().size()
                || !Hashes.sha256(bt.encode(atBase.get().after())).equals(seal.after())) {
            return Optional.empty();
        }
        LineIndex afterLines = new LineIndex(atBase.get().after());
        boolean any = false;
        for (var p : seal.places()) {
            int first = p.line() - 1;
            any |= p.editedLines() == 0 || first < afterLines.count() && t.contains(afterLines.content(first));
        }
        if (!any) {
            return Optional.of(new MappedPlaces(0, seal.places().size(), -1, 0));
        }
        return Optional.of(MappedPlaces.of(
                seal.places(),
                afterLines,
                lines,
                new LineIndex(bt.value()),
                atBase.get().spans()));
    }
}
