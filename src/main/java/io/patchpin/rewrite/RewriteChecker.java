package io.patchpin.rewrite;

import io.patchpin.check.Check;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryChecker;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.Digests;
import io.patchpin.patchset.Place;
import io.patchpin.patchset.RewriteEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verdicts for rewrite entries. In order: EXACT (file as sealed before),
 * ALREADY_APPLIED (file as sealed after; or every edited match already holds
 * its replacement; or undoing the replacement gives a text the entry turns
 * back into this one), APPLIES / DRIFTED (match count as sealed, context
 * same / changed), ANCHOR_MISSING (no match, with the nearest similar line),
 * AMBIGUOUS (another count).
 */
public final class RewriteChecker implements EntryChecker<RewriteEntry> {
    static final int MAX_UNDO_TRIES = 1000;

    @Override
    public Check check(RewriteEntry e, EntryInput in) {
        Optional<Check> gate = Gate.problem(e, e.file(), in);
        if (gate.isPresent()) {
            return gate.get();
        }
        byte[] bytes = Gate.bytes(e.file(), in);
        return new State(
                        e,
                        bytes,
                        in.base().get(e.file()),
                        in.digests(),
                        in.settings().regexWork())
                .check();
    }

    @Override
    public Check revert(RewriteEntry e, EntryInput in) {
        Optional<Check> gate = Gate.problem(e, e.file(), in);
        if (gate.isPresent()) {
            return gate.get();
        }
        return new State(
                        e,
                        Gate.bytes(e.file(), in),
                        null,
                        in.digests(),
                        in.settings().regexWork())
                .revert();
    }

    /** One entry against one file content. */
    private static final class State extends TextState<RewriteEntry> {
        final Rewrite rw;
        final Rewrite.Outcome o;
        int driftAt;

        State(RewriteEntry e, byte[] bytes, byte[] base, Digests digests, long regexWork) {
            super(e, bytes, base, digests, regexWork);
            this.rw = Rewrite.of(e, text, regexWork);
            this.o = rw.apply(t);
        }

        Check check() {
            if (seal != null && sha.equals(seal.before())) {
                return ok(Verdict.EXACT, "file as sealed; " + edits(), o.result());
            }
            if (seal != null && sha.equals(seal.after())) {
                return ok(Verdict.ALREADY_APPLIED, "file is exactly as sealed after this entry", t);
            }
            int covered = coveredCount();
            boolean counted =
                    !o.chosen().isEmpty() && (seal == null || o.matches().size() == seal.matches());
            if (counted && covered < o.chosen().size()) {
                // the anchor is there as sealed: the edit is still to be made, whatever look-alikes hold
                Optional<MappedPlaces> m = covered == 0 ? mapped() : Optional.empty();
                if (m.isPresent() && !m.get().none()) {
                    drift = Drift.REPLACED;
                    placeLine = m.get().firstLine() + 1;
                    return review(
                            "anchor found as sealed (" + edits() + "), yet the edit already sits at "
                                    + m.get().describe() + "; which one holds it needs a look",
                            o.result());
                }
                return anchored(covered);
            }
            // the anchor is gone, found fewer times than sealed, or every match is the replacement's own
            Optional<MappedPlaces> m = mapped();
            if (m.isPresent()) {
                return byMappedPlace(m.get(), covered);
            }
            boolean places = seal != null && seal.hasPlaces();
            if (places) {
                Optional<String> there = atSealedPlaces();
                if (there.isPresent()) {
                    return ok(Verdict.ALREADY_APPLIED, there.get(), t);
                }
            }
            if (!o.chosen().isEmpty() && covered == o.chosen().size()) {
                if (seal == null) {
                    return ok(Verdict.ALREADY_APPLIED, "replacement already in place at line " + firstLine(), t);
                }
                if (!places && provenByOldSeal()) {
                    return ok(
                            Verdict.ALREADY_APPLIED,
                            "replacement already in place at line " + firstLine() + ", the sealed context around it",
                            t);
                }
                return replacedElsewhere();
            }
            if (seal != null && !places && provenByOldSeal()) {
                return ok(
                        Verdict.ALREADY_APPLIED,
                        "anchor gone; replacement present" + replacementLine() + ", the sealed context around it",
                        t);
            }
            return notThere();
        }

        /**
         * The anchor is not there as sealed and the base is known: the edit is
         * already applied only where its sealed lines map to; evidence of place
         * elsewhere is mixed evidence, for review.
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
            Optional<String> there = atSealedPlaces();
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
                    "replacement already in place at line " + firstLine() + ", but not at its sealed place"
                            + " (the lines around it changed)",
                    t);
        }

        /** The edit is not there and cannot be made as sealed. */
        private Check notThere() {
            if (o.matches().isEmpty()) {
                return broken(
                        Verdict.ANCHOR_MISSING,
                        "anchor not found; " + lookalike().orElse(nearest()));
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
            List<int[]> spans = new ArrayList<>();
            for (Match m : atBase.chosen()) {
                spans.add(new int[] {before.lineOf(m.start()), before.lineOf(Math.max(m.start(), m.end() - 1)) + 1});
            }
            return Optional.of(new AtBase(atBase.result(), spans));
        }

        /** "edit already at its sealed place ..." when every sealed place holds its edit. */
        private Optional<String> atSealedPlaces() {
            LineHashes hashes = new LineHashes(lines, digests);
            int first = -1;
            boolean exact = true;
            for (Place p : seal.places()) {
                Optional<Places.Found> f = Places.find(hashes, p);
                if (f.isEmpty()) {
                    return Optional.empty();
                }
                first = first < 0 ? f.get().line() + 1 : first;
                exact &= f.get().exact();
            }
            placeLine = first;
            int moved = first - seal.places().get(0).line();
            return Optional.of("edit already at its sealed place, line " + first + Places.moved(moved)
                    + (exact ? "" : ", outer context changed"));
        }

        /** A seal without places: the edit counts as there only when undoing it gives back the sealed context. */
        private boolean provenByOldSeal() {
            if (!rw.replacement().isConstant() || rw.finder().isRegex()) {
                return false;
            }
            for (String p : rw.preimages(t, MAX_UNDO_TRIES)) {
                List<Match> chosen = rw.apply(p).chosen();
                if (rw.locate(p).size() == seal.matches()
                        && Context.of(p, new LineIndex(p), chosen).equals(seal.context())) {
                    return true;
                }
            }
            return false;
        }

        /** Where the edited text sits without its sealed context (a look-alike), as a detail. */
        private Optional<String> lookalike() {
            if (seal != null && seal.hasPlaces()) {
                LineHashes hashes = new LineHashes(lines, digests);
                for (Place p : seal.places()) {
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
                    + (seal == null
                            ? ", but an unsealed entry has no evidence it is this edit"
                            : ", but nothing shows it is this edit at its sealed place"));
        }

        Check revert() {
            int covered = coveredCount();
            boolean asSealed = seal == null || o.matches().size() == seal.matches();
            if (seal != null && sha.equals(seal.before()) || !o.chosen().isEmpty() && covered == 0 && asSealed) {
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
            if (seal == null) {
                return ok(Verdict.APPLIES, edits(), o.result());
            }
            List<String> ctx = Context.of(t, lines, o.chosen());
            if (ctx.equals(seal.context())) {
                return ok(Verdict.APPLIES, edits() + " as sealed, context intact", o.result());
            }
            int changed = 0;
            while (changed < ctx.size()
                    && changed < seal.context().size()
                    && ctx.get(changed).equals(seal.context().get(changed))) {
                changed++;
            }
            int at = Math.min(changed, o.chosen().size() - 1);
            int line = lines.lineOf(o.chosen().get(at).start()) + 1;
            drift = classify();
            String counts = " (" + Gate.plural(o.matches().size(), "match") + " as sealed)";
            return switch (drift) {
                case MATCH ->
                    review(
                            "match changed at line " + matchLine() + ": sealed '" + sealedText(matchIndex())
                                    + "', now '"
                                    + Show.clip(o.chosen().get(matchIndex()).text()) + "'; " + becomes(matchIndex()),
                            o.result());
                case LINE ->
                    review(
                            "line changed at line " + matchLine() + ": now '" + Show.clip(nowLine(matchIndex())) + "'; "
                                    + becomes(matchIndex()),
                            o.result());
                default ->
                    review(
                            "context changed around line " + line + counts
                                    + (places()
                                            ? ""
                                            : "; sealed without evidence of place, matched text '"
                                                    + Show.clip(
                                                            o.chosen().get(at).text()) + "'"),
                            o.result());
            };
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
                                lines.lineOf(Math.max(m.start(), m.end() - 1)),
                                seal.places().get(i))) {
                    d = Drift.LINE;
                }
                if (d.compareTo(worst) > 0) {
                    worst = d;
                    driftAt = i;
                }
            }
            return worst;
        }

        private boolean places() {
            return seal != null && seal.hasPlaces();
        }

        /** The recorded matched text of edited match i: from the seal, or the literal find itself. */
        private Optional<String> sealedMatch(int i) {
            if (places()) {
                return Optional.of(seal.places().get(i).matched());
            }
            return rw.finder().isRegex() ? Optional.empty() : Optional.of(Place.recorded(e.find()));
        }

        private String sealedText(int i) {
            return places() ? Show.clip(seal.places().get(i).matchedForDisplay()) : Show.clip(e.find());
        }

        private int matchIndex() {
            return driftAt;
        }

        private int matchLine() {
            return lines.lineOf(o.chosen().get(driftAt).start()) + 1;
        }

        private String nowLine(int i) {
            return linesNow().get(i);
        }

        private String becomes(int i) {
            return "the line becomes '" + Show.clip(linesAfter().get(i)) + "'";
        }

        /** The lines holding each edited match now. */
        private List<String> linesNow() {
            List<String> out = new ArrayList<>();
            for (Match m : o.chosen()) {
                out.add(Show.chomp(
                        lines.window(lines.lineOf(m.start()), lines.lineOf(Math.max(m.start(), m.end() - 1)))));
            }
            return out;
        }

        /** The line above each edited match ("" at the file's start). */
        private List<String> linesAbove() {
            List<String> out = new ArrayList<>();
            for (Match m : o.chosen()) {
                int l = lines.lineOf(m.start());
                out.add(l == 0 ? "" : lines.content(l - 1));
            }
            return out;
        }

        /** Those lines after the edit. */
        private List<String> linesAfter() {
            LineIndex after = new LineIndex(o.result());
            List<String> out = new ArrayList<>();
            for (int[] span : Sealer.editedSpans(rw, o, after)) {
                out.add(span[1] == 0 ? "" : Show.chomp(after.window(span[0], span[0] + span[1] - 1)));
            }
            return out;
        }

        private List<String> preimages() {
            return rw.preimages(t, MAX_UNDO_TRIES).stream()
                    .filter(p -> seal == null || rw.locate(p).size() == seal.matches())
                    .toList();
        }

        private int coveredCount() {
            int n = 0;
            for (var m : o.chosen()) {
                if (rw.covered(t, m)) {
                    n++;
                }
            }
            return n;
        }

        private String edits() {
            if (o.chosen().isEmpty()) {
                return Gate.plural(o.matches().size(), "match");
            }
            return Gate.plural(o.matches().size(), "match") + ", edits line"
                    + (o.chosen().size() == 1 ? " " : "s ") + Show.lineNumbers(Context.lineNumbers(lines, o.chosen()));
        }

        private String countDetail() {
            if (seal != null) {
                return Gate.plural(o.matches().size(), "match") + ", sealed " + seal.matches();
            }
            return Gate.plural(o.matches().size(), "match") + ", occurrence " + rw.occurrence() + " asked";
        }

        private String replacementLine() {
            if (!rw.replacement().isConstant()
                    || rw.replacement().constantText().isEmpty()) {
                return ""; // a deletion leaves nothing to find: no line is evidence of it
            }
            int i = t.indexOf(rw.replacement().constantText());
            return i < 0 ? "" : " at line " + (lines.lineOf(i) + 1);
        }

        private String nearest() {
            return Nearest.line(t, rw.finder().probe())
                    .map(l -> "nearest similar " + l.describe())
                    .orElse("no similar line in " + e.file());
        }

        /** Line of the first edited match (only asked when there is one). */
        private int firstLine() {
            return lines.lineOf(o.chosen().get(0).start()) + 1;
        }

        private Evidence evidence() {
            List<String> sealedTexts = new ArrayList<>();
            if (places()) {
                seal.places().forEach(p -> sealedTexts.add(p.matchedForDisplay()));
            } else if (!rw.finder().isRegex() && seal != null) {
                o.chosen().forEach(m -> sealedTexts.add(e.find()));
            }
            List<String> now = o.chosen().stream().map(Match::text).toList();
            return new Evidence.Matches(
                    o.matches().size(),
                    seal == null ? -1 : seal.matches(),
                    Context.lineNumbers(lines, o.chosen()),
                    new Evidence.Matches.Place(places(), drift, 0, placeLine, lookalikes),
                    new Evidence.Matches.Shown(sealedTexts, now, linesNow(), linesAfter(), linesAbove()));
        }

        private Check ok(Verdict v, String detail, String result) {
            byte[] out = result.equals(t) ? bytes : text.encode(result);
            return new Check(EntryVerdict.of(e, v, detail, evidence()), Map.of(e.file(), Optional.of(out)));
        }

        private Check review(String detail, String result) {
            byte[] out = result.equals(t) ? bytes : text.encode(result);
            return new Check(
                    EntryVerdict.of(e, Verdict.DRIFTED, detail, evidence()), Map.of(e.file(), Optional.of(out)));
        }

        private Check broken(Verdict v, String detail) {
            return Check.broken(EntryVerdict.of(e, v, detail, evidence()));
        }
    }
}
