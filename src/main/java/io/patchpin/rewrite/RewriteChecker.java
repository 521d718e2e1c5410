package io.patchpin.rewrite;

import io.patchpin.check.Check;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryChecker;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Place;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextSeal;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Verdicts for rewrite entries. In order: EXACT (file as sealed before), ALREADY_APPLIED (file as sealed after; or
 * every edited match already holds its replacement; or undoing the replacement gives a text the entry turns back into
 * this one), APPLIES / DRIFTED (match count as sealed, context same / changed), ANCHOR_MISSING (no match, with the
 * nearest similar line), AMBIGUOUS (another count).
 */
public final class RewriteChecker implements EntryChecker<RewriteEntry> {
    static final int MAX_UNDO_TRIES = 1000;

    @Override
    public Check check(RewriteEntry e, EntryInput in) {
        return TextState.problem(e, in).orElseGet(() -> new State(e, in, true).check());
    }

    @Override
    public Check revert(RewriteEntry e, EntryInput in) {
        return TextState.problem(e, in).orElseGet(() -> new State(e, in, false).revert());
    }

    private static final class State extends TextState<RewriteEntry> {
        final Rewrite rw;
        final Rewrite.Outcome o;
        int driftAt;

        State(RewriteEntry e, EntryInput in, boolean withBase) {
            super(e, in, withBase);
            this.rw = Rewrite.of(e, text, regexWork);
            this.o = rw.apply(t);
        }

        Check check() {
            if (sealedAs(TextSeal::before, sha)) {
                return ok(Verdict.EXACT, "file as sealed; " + edits(), o.result());
            }
            if (sealedAs(TextSeal::after, sha)) {
                return ok(Verdict.ALREADY_APPLIED, "file is exactly as sealed after this entry", t);
            }
            int covered = coveredCount();
            boolean counted =
                    !o.chosen().isEmpty() && matchesAsSealed(o.matches().size());
            if (counted && covered < o.chosen().size()) {
                // the anchor is there as sealed: the edit is still to be made, whatever look-alikes hold
                Optional<Check> elsewhere = covered == 0
                        ? alsoAtMappedPlace("anchor found as sealed (" + edits() + ")", "edit", o.result())
                        : Optional.empty();
                return elsewhere.orElseGet(() -> anchored(covered));
            }
            // the anchor is gone, found fewer times than sealed, or every match is the replacement's own
            Optional<MappedPlaces> m = mapped();
            if (m.isPresent()) {
                return byMappedPlace(m.get(), covered);
            }
            Optional<String> there = atSealedPlaces("edit");
            if (there.isPresent()) {
                return ok(Verdict.ALREADY_APPLIED, there.get(), t);
            }
            if (!o.chosen().isEmpty() && covered == o.chosen().size()) {
                if (seal.isEmpty()) {
                    return ok(Verdict.ALREADY_APPLIED, "replacement already in place at line " + lineOf(0), t);
                }
                if (!places() && provenByOldSeal(seal.get())) {
                    return ok(
                            Verdict.ALREADY_APPLIED,
                            "replacement already in place at line " + lineOf(0) + ", the sealed context around it",
                            t);
                }
                return replacedElsewhere();
            }
            if (seal.isPresent() && !places() && provenByOldSeal(seal.get())) {
                return ok(
                        Verdict.ALREADY_APPLIED,
                        "anchor gone; replacement present" + replacementLine() + ", the sealed context around it",
                        t);
            }
            return notThere();
        }

        /**
         * The anchor is not there as sealed and the base is known: the edit is already applied only where its sealed
         * lines map to; evidence of place elsewhere is mixed evidence, for review.
         */
        private Check byMappedPlace(MappedPlaces m, int covered) {
            if (m.all()) {
                placeLine = m.firstLine() + 1;
                return ok(Verdict.ALREADY_APPLIED, "edit already at " + m.describe(), t);
            }
            if (!m.none()) {
                drift = Drift.REPLACED;
                placeLine = m.firstLine() + 1;
                return review(
                        m.at() + " of " + m.total() + " edits already where their sealed lines map to (first at "
                                + m.describe() + "); " + countDetail(),
                        t);
            }
            Optional<String> there = atSealedPlaces("edit");
            if (there.isPresent()) {
                drift = Drift.REPLACED;
                return review(
                        there.get().replace("edit already at its sealed place", "edit found with its sealed context at")
                                + ", but the sealed line does not map there through the file's diff since the base",
                        t);
            }
            if (!o.chosen().isEmpty() && covered == o.chosen().size()) {
                return replacedElsewhere();
            }
            return notThere();
        }

        private Check replacedElsewhere() {
            drift = Drift.REPLACED;
            return review(
                    "replacement already in place at line " + lineOf(0) + ", but not at its sealed place"
                            + " (the lines around it changed)",
                    t);
        }

        /** The edit is not there and cannot be made as sealed. */
        private Check notThere() {
            if (o.matches().isEmpty()) {
                return broken(
                        Verdict.ANCHOR_MISSING,
                        "anchor not found; "
                                + lookalike()
                                        .orElseGet(() -> Nearest.hint(
                                                t, rw.finder().probe(), "no similar line in " + e.file())));
            }
            return broken(
                    Verdict.AMBIGUOUS,
                    countDetail() + lookalike().map(l -> "; " + l).orElse(""));
        }

        @Override
        Optional<AtBase> afterAtBase(DecodedText baseText) {
            Rewrite.Outcome atBase = Rewrite.of(e, baseText, regexWork).apply(baseText.value());
            if (atBase.chosen().isEmpty()) {
                return Optional.empty();
            }
            LineIndex before = new LineIndex(baseText.value());
            List<LineSpan> spans = atBase.chosen().stream()
                    .map(m -> new LineSpan(before.lineOf(m.start()), before.lastLineOf(m) + 1))
                    .toList();
            return Optional.of(new AtBase(atBase.result(), spans));
        }

        /** A seal without places: the edit counts as there only when undoing it gives back the sealed context. */
        private boolean provenByOldSeal(TextSeal s) {
            if (!rw.replacement().isConstant() || rw.finder().isRegex()) {
                return false;
            }
            return rw.preimages(t, MAX_UNDO_TRIES).stream()
                    .anyMatch(p -> rw.finder().locate(p).size() == s.matches()
                            && Context.of(new LineIndex(p), rw.apply(p).chosen())
                                    .equals(s.context()));
        }

        /** Where the edited text sits without its sealed context (a look-alike), as a detail. */
        private Optional<String> lookalike() {
            if (places()) {
                LineHashes hashes = new LineHashes(lines, digests);
                for (Place p : sealedPlaces()) {
                    List<Integer> at = Places.lookalikes(hashes, p);
                    if (!at.isEmpty()) {
                        lookalikes = at.stream().map(l -> l + 1).toList();
                        return Optional.of("the edited line at line " + (at.get(0) + 1) + " is not at its sealed place"
                                + " (its context differs)");
                    }
                }
            }
            String where = replacementLine();
            if (where.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of("replacement present" + where
                    + (seal.isEmpty()
                            ? ", but an unsealed entry has no evidence it is this edit"
                            : ", but nothing shows it is this edit at its sealed place"));
        }

        Check revert() {
            int covered = coveredCount();
            boolean asSealed = matchesAsSealed(o.matches().size());
            if (sealedAs(TextSeal::before, sha) || !o.chosen().isEmpty() && covered == 0 && asSealed) {
                return ok(Verdict.APPLIES, "not applied; nothing to undo", t);
            }
            List<String> pre = preimages();
            if (pre.size() == 1) {
                return ok(Verdict.ALREADY_APPLIED, "undone" + replacementLine(), pre.get(0));
            }
            if (pre.size() > 1) {
                return broken(Verdict.AMBIGUOUS, "cannot undo exactly: " + pre.size() + " places could hold the edit");
            }
            if (rw.finder().isRegex() && !rw.replacement().isConstant()) {
                return broken(
                        Verdict.ANCHOR_MISSING, "cannot undo a regex rewrite with group references from its result");
            }
            return broken(
                    Verdict.ANCHOR_MISSING, "cannot undo exactly: the replacement text is not where the entry put it");
        }

        private Check anchored(int covered) {
            if (covered > 0) {
                drift = Drift.REPLACED;
                return review(
                        "replacement already in place at " + covered + " of "
                                + o.chosen().size() + " edited matches",
                        o.result());
            }
            if (seal.isEmpty()) {
                return ok(Verdict.APPLIES, edits(), o.result());
            }
            List<String> ctx = Context.of(lines, o.chosen());
            List<String> sealed = seal.get().context();
            if (ctx.equals(sealed)) {
                return ok(Verdict.APPLIES, edits() + " as sealed, context intact", o.result());
            }
            int changed = 0;
            while (changed < ctx.size()
                    && changed < sealed.size()
                    && ctx.get(changed).equals(sealed.get(changed))) {
                changed++;
            }
            int at = Math.min(changed, o.chosen().size() - 1);
            drift = classify();
            String becomes = "; the line becomes '" + Show.clip(linesAfter().get(driftAt)) + "'";
            String detail =
                    switch (drift) {
                        case MATCH ->
                            "match changed at line " + lineOf(driftAt) + ": sealed '" + sealedText(driftAt) + "', now '"
                                    + Show.clip(o.chosen().get(driftAt).text()) + "'" + becomes;
                        case LINE ->
                            "line changed at line " + lineOf(driftAt) + ": now '"
                                    + Show.clip(linesNow().get(driftAt)) + "'" + becomes;
                        default ->
                            "context changed around line " + lineOf(at) + " ("
                                    + Show.plural(o.matches().size(), "match")
                                    + " as sealed)"
                                    + (places()
                                            ? ""
                                            : "; sealed without evidence of place, matched text '"
                                                    + Show.clip(
                                                            o.chosen().get(at).text()) + "'");
                    };
            return review(detail, o.result());
        }

        /** The strongest drift over the edited matches; the index of the first one showing it is kept. */
        private Drift classify() {
            Drift worst = Drift.CONTEXT;
            for (int i = 0; i < o.chosen().size(); i++) {
                Match m = o.chosen().get(i);
                Drift d = Drift.CONTEXT;
                if (!sealedMatch(i).map(x -> x.equals(Place.recorded(m.text()))).orElse(true)) {
                    d = Drift.MATCH;
                } else if (places()
                        && !Places.sameMatchedLines(
                                lines,
                                lines.lineOf(m.start()),
                                lines.lastLineOf(m),
                                sealedPlaces().get(i))) {
                    d = Drift.LINE;
                }
                if (d.compareTo(worst) > 0) {
                    worst = d;
                    driftAt = i;
                }
            }
            return worst;
        }

        /** The recorded matched text of edited match i: from the seal, or the literal find itself. */
        private Optional<String> sealedMatch(int i) {
            if (places()) {
                return Optional.of(sealedPlaces().get(i).matched());
            }
            return rw.finder().isRegex() ? Optional.empty() : Optional.of(Place.recorded(e.find()));
        }

        private String sealedText(int i) {
            return places() ? Show.clip(sealedPlaces().get(i).matchedForDisplay()) : Show.clip(e.find());
        }

        /** The lines holding each edited match now. */
        private List<String> linesNow() {
            return o.chosen().stream()
                    .map(m -> Show.chomp(lines.window(lines.lineOf(m.start()), lines.lastLineOf(m))))
                    .toList();
        }

        /** The line above each edited match ("" at the file's start). */
        private List<String> linesAbove() {
            return o.chosen().stream()
                    .map(m -> lines.lineOf(m.start()))
                    .map(l -> l == 0 ? "" : lines.content(l - 1))
                    .toList();
        }

        /** Those lines after the edit. */
        private List<String> linesAfter() {
            LineIndex after = new LineIndex(o.result());
            return Sealer.editedSpans(rw, o, after).stream()
                    .map(span -> span.count() == 0 ? "" : Show.chomp(after.window(span.first(), span.end() - 1)))
                    .toList();
        }

        private List<String> preimages() {
            return rw.preimages(t, MAX_UNDO_TRIES).stream()
                    .filter(p -> matchesAsSealed(rw.finder().locate(p).size()))
                    .toList();
        }

        private int coveredCount() {
            return (int) o.chosen().stream().filter(m -> rw.covered(t, m)).count();
        }

        private String edits() {
            String found = Show.plural(o.matches().size(), "match");
            return o.chosen().isEmpty()
                    ? found
                    : found + ", edits line" + (o.chosen().size() == 1 ? " " : "s ")
                            + Show.lineNumbers(Context.lineNumbers(lines, o.chosen()));
        }

        private String countDetail() {
            return Show.plural(o.matches().size(), "match")
                    + seal.map(s -> ", sealed " + s.matches()).orElse(", occurrence " + rw.occurrence() + " asked");
        }

        private String replacementLine() {
            if (!rw.replacement().isConstant()
                    || rw.replacement().constantText().isEmpty()) {
                return ""; // a deletion leaves nothing to find: no line is evidence of it
            }
            int i = t.indexOf(rw.replacement().constantText());
            return i < 0 ? "" : " at line " + (lines.lineOf(i) + 1);
        }

        /** 1-based line of edited match {@code i}. */
        private int lineOf(int i) {
            return lines.lineOf(o.chosen().get(i).start()) + 1;
        }

        @Override
        Evidence evidence() {
            List<String> sealedTexts = places()
                    ? sealedPlaces().stream().map(Place::matchedForDisplay).toList()
                    : !rw.finder().isRegex() && seal.isPresent()
                            ? Collections.nCopies(o.chosen().size(), e.find())
                            : List.of();
            List<String> now = o.chosen().stream().map(Match::text).toList();
            return new Evidence.Matches(
                    o.matches().size(),
                    sealedMatches(-1),
                    Context.lineNumbers(lines, o.chosen()),
                    new Evidence.Matches.Place(places(), drift, 0, placeLine, lookalikes),
                    new Evidence.Matches.Shown(sealedTexts, now, linesNow(), linesAfter(), linesAbove()));
        }
    }
}
