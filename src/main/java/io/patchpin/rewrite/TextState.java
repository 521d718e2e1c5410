package io.patchpin.rewrite;

import io.patchpin.check.Check;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryGate;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.Digests;
import io.patchpin.core.Hashes;
import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Place;
import io.patchpin.patchset.TextEntry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.workspace.FileLookup;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One text entry against one file content, as both text checkers read it: the bytes and their digest, the decoded text
 * and its lines, the entry's seal, the run's digests, and what the check finds on the way.
 */
abstract class TextState<E extends TextEntry> {
    final E e;
    final byte[] bytes;
    final DecodedText text;
    final String t;
    final LineIndex lines;
    final Optional<TextSeal> seal;
    final String sha;
    final Digests digests;
    /** The most units of work one regex search may take. */
    final long regexWork;

    Drift drift = Drift.NONE;
    int placeLine;
    List<Integer> lookalikes = List.of();

    /** The file at the base before this entry, when known. */
    final Optional<byte[]> base;

    /** The entry against its file in {@code in} (past {@link #problem}); the base is read only {@code withBase}. */
    TextState(E e, EntryInput in, boolean withBase) {
        this.e = e;
        this.bytes = ((FileLookup.Found) in.files().get(e.file())).content();
        this.base = withBase ? Optional.ofNullable(in.base().get(e.file())) : Optional.empty();
        this.text = DecodedText.decode(bytes);
        this.t = text.value();
        this.lines = new LineIndex(t);
        this.seal = e.seal();
        this.digests = in.digests();
        this.regexWork = in.settings().regexWork();
        this.sha = digests.sha256(bytes);
    }

    /** A broken check when the entry cannot be looked at ({@link EntryGate}, or its file is not there), else empty. */
    static Optional<Check> problem(TextEntry e, EntryInput in) {
        String file = e.file();
        FileLookup f = in.files().get(file);
        Optional<Check> gate = EntryGate.problem(e, f == null ? List.of() : List.of(f), in.source());
        if (gate.isPresent() || f instanceof FileLookup.Found) {
            return gate;
        }
        String where = in.source().describe();
        String reason = file + " not found in " + e.component() + " (" + where + ")";
        RevisionMention named = in.source().describedRevision().shifted(reason.length() - 1 - where.length());
        return Optional.of(Check.broken(EntryVerdict.of(e, Verdict.FILE_MISSING, reason, Evidence.NONE, named)));
    }

    abstract Evidence evidence();

    boolean places() {
        return seal.filter(TextSeal::hasPlaces).isPresent();
    }

    /** The seal's evidence of place; empty for a seal without it or an unsealed entry. */
    List<Place> sealedPlaces() {
        return seal.map(TextSeal::places).orElse(List.of());
    }

    /** Whether {@code sha256} is the file's as sealed before the entry ({@code before}) or after it. */
    boolean sealedAs(Function<TextSeal, String> beforeOrAfter, String sha256) {
        return seal.map(beforeOrAfter).filter(sha256::equals).isPresent();
    }

    /** How many matches the anchor had when sealed; {@code unsealed} for an entry without a seal. */
    int sealedMatches(int unsealed) {
        return seal.map(TextSeal::matches).orElse(unsealed);
    }

    /** Whether {@code found} matches are as many as sealed: any number is, for an unsealed entry. */
    boolean matchesAsSealed(int found) {
        return seal.map(s -> s.matches() == found).orElse(true);
    }

    /** The verdict, with the file as {@code result} leaves it. */
    Check ok(Verdict v, String detail, String result) {
        byte[] out = result.equals(t) ? bytes : text.encode(result);
        return new Check(EntryVerdict.of(e, v, detail, evidence()), Map.of(e.file(), Optional.of(out)));
    }

    Check review(String detail, String result) {
        return ok(Verdict.DRIFTED, detail, result);
    }

    Check broken(Verdict v, String detail) {
        return Check.broken(EntryVerdict.of(e, v, detail, evidence()));
    }

    /**
     * With the anchor there as sealed and the edit still to make: a review when the sealed lines map to a place
     * that already holds the edit ({@code anchor} says where the anchor is, {@code noun} names the edit), else empty.
     */
    Optional<Check> alsoAtMappedPlace(String anchor, String noun, String result) {
        Optional<MappedPlaces> m = mapped();
        if (m.isEmpty() || m.get().none()) {
            return Optional.empty();
        }
        drift = Drift.REPLACED;
        placeLine = m.get().firstLine() + 1;
        return Optional.of(review(
                anchor + ", yet the " + noun + " already sits at " + m.get().describe()
                        + "; which one holds it needs a look",
                result));
    }

    /** "{noun} already at its sealed place, line N ..." when the seal has places and every one holds its edit. */
    Optional<String> atSealedPlaces(String noun) {
        if (!places()) {
            return Optional.empty();
        }
        LineHashes hashes = new LineHashes(lines, digests);
        int first = -1;
        boolean exact = true;
        for (Place p : sealedPlaces()) {
            Optional<Places.Found> f = Places.find(hashes, p);
            if (f.isEmpty()) {
                return Optional.empty();
            }
            first = first < 0 ? f.get().line() + 1 : first;
            exact &= f.get().exact();
        }
        placeLine = first;
        int moved = first - sealedPlaces().get(0).line();
        return Optional.of(noun + " already at its sealed place, line " + first + Places.moved(moved)
                + (exact ? "" : ", outer context changed"));
    }

    /**
     * The entry applied to the base text, and per sealed place the lines it edited there (empty for an insert, at the
     * gap it fills); empty when it does not apply there.
     */
    abstract Optional<AtBase> afterAtBase(DecodedText baseText);

    /** The base with the entry applied, and the base lines each edit replaced. */
    record AtBase(String after, List<LineSpan> spans) {}

    /**
     * Whether the sealed places' edited lines are where the file's own diff since the base takes them; empty without a
     * base, a seal with places, or a base that does not give the sealed "after". Files that hold none of the edited
     * lines are not diffed.
     */
    Optional<MappedPlaces> mapped() {
        if (base.isEmpty() || !places()) {
            return Optional.empty();
        }
        DecodedText bt = DecodedText.decode(base.get());
        Optional<AtBase> atBase = afterAtBase(bt);
        if (atBase.isEmpty()
                || atBase.get().spans().size() != sealedPlaces().size()
                || !sealedAs(
                        TextSeal::after, Hashes.sha256(bt.encode(atBase.get().after())))) {
            return Optional.empty();
        }
        LineIndex afterLines = new LineIndex(atBase.get().after());
        boolean any = false;
        for (var p : sealedPlaces()) {
            int first = p.line() - 1;
            any |= p.editedLines() == 0 || first < afterLines.count() && t.contains(afterLines.content(first));
        }
        if (!any) {
            return Optional.of(new MappedPlaces(0, sealedPlaces().size(), -1, 0));
        }
        return Optional.of(MappedPlaces.of(
                sealedPlaces(),
                afterLines,
                lines,
                new LineIndex(bt.value()),
                atBase.get().spans()));
    }
}
