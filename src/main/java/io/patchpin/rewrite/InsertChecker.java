package io.patchpin.rewrite;

import io.patchpin.check.Check;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryChecker;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.TextSeal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Verdicts for insert entries. In order: EXACT, ALREADY_APPLIED (file as sealed after; or the text already sits next to
 * an anchor line; or the anchor is gone and the text is present), APPLIES / DRIFTED (one anchor line, context same /
 * changed), ANCHOR_MISSING, AMBIGUOUS (several lines).
 */
public final class InsertChecker implements EntryChecker<InsertEntry> {

    @Override
    public Check check(InsertEntry e, EntryInput in) {
        return TextState.problem(e, in).orElseGet(() -> new State(e, in, true).check());
    }

    @Override
    public Check revert(InsertEntry e, EntryInput in) {
        return TextState.problem(e, in).orElseGet(() -> new State(e, in, false).revert());
    }

    private static final class State extends TextState<InsertEntry> {
        final Insert ins;
        final List<Integer> anchors;

        State(InsertEntry e, EntryInput in, boolean withBase) {
            super(e, in, withBase);
            this.ins = Insert.of(e, text, regexWork);
            this.anchors = ins.anchors(lines);
        }

        Check check() {
            if (sealedAs(TextSeal::before, sha) && anchors.size() == 1) {
                return ok(Verdict.EXACT, "file as sealed; anchor at line " + (anchors.get(0) + 1), splice());
            }
            if (sealedAs(TextSeal::after, sha)) {
                return ok(Verdict.ALREADY_APPLIED, "file is exactly as sealed after this entry", t);
            }
            List<Integer> placed = placed();
            if (anchors.size() == sealedMatches(1) && placed.isEmpty()) {
                // the anchor is there as sealed, without the text: the edit is still to be made
                return alsoAtMappedPlace("anchor at line " + (anchors.get(0) + 1) + " as sealed", "text", splice())
                        .orElseGet(this::anchored);
            }
            Optional<MappedPlaces> m = mapped();
            Optional<Check> byPlace = m.isPresent()
                    ? byMappedPlace(m.get(), placed)
                    : atSealedPlaces("text").map(there -> ok(Verdict.ALREADY_APPLIED, there, t));
            if (byPlace.isPresent()) {
                return byPlace.get();
            }
            if (!placed.isEmpty()) {
                String where = "text already " + e.position().word() + " line " + (placed.get(0) + 1);
                if (seal.isEmpty() || !places() && provenByOldSeal(seal.get(), placed.get(0))) {
                    return ok(Verdict.ALREADY_APPLIED, where, t);
                }
                drift = Drift.REPLACED;
                return review(where + ", but not at its sealed place (the lines around it changed)", t);
            }
            return anchors.size() == 1 ? anchored() : notOneAnchor();
        }

        /** No line, or several, match the anchor, and the text is not found placed. */
        private Check notOneAnchor() {
            if (anchors.isEmpty()) {
                int block = ins.findBlock(lines);
                if (block >= 0) {
                    lookalikes = List.of(block + 1);
                    return broken(
                            Verdict.ANCHOR_MISSING,
                            "anchor not found; the text at line " + (block + 1)
                                    + (seal.isEmpty()
                                            ? " may be another one (an unsealed entry has no evidence of place)"
                                            : " is not at its sealed place"));
                }
                return broken(
                        Verdict.ANCHOR_MISSING,
                        "anchor not found; " + Nearest.hint(t, ins.finder().probe(), "no similar line in " + e.file()));
            }
            return broken(
                    Verdict.AMBIGUOUS,
                    Show.plural(anchors.size(), "line") + " match the anchor, sealed " + sealedMatches(1));
        }

        /**
         * The base is known: the text is already there only where its sealed lines map to through the file's diff since
         * the base; evidence of place elsewhere is mixed, for review. Empty when the map says nothing.
         */
        private Optional<Check> byMappedPlace(MappedPlaces m, List<Integer> placed) {
            if (m.all()) {
                placeLine = m.firstLine() + 1;
                return Optional.of(ok(Verdict.ALREADY_APPLIED, "text already at " + m.describe(), t));
            }
            Optional<Places.Found> f =
                    Places.find(new LineHashes(lines, digests), sealedPlaces().get(0));
            if (f.isPresent() || !placed.isEmpty()) {
                drift = Drift.REPLACED;
                String where = f.isPresent()
                        ? "text found with its sealed context at line "
                                + (f.get().line() + 1)
                        : "text found " + e.position().word() + " the anchor at line " + (placed.get(0) + 1);
                return Optional.of(review(
                        where + ", but its sealed lines do not map there through the file's diff since" + " the base",
                        t));
            }
            return Optional.empty();
        }

        @Override
        Optional<AtBase> afterAtBase(DecodedText baseText) {
            Insert atBase = Insert.of(e, baseText, regexWork);
            LineIndex baseLines = new LineIndex(baseText.value());
            List<Integer> found = atBase.anchors(baseLines);
            if (found.size() != 1) {
                return Optional.empty();
            }
            int gap = found.get(0) + (e.position() == InsertEntry.Position.AFTER ? 1 : 0);
            return Optional.of(new AtBase(
                    atBase.splice(baseText.value(), baseLines, found.get(0)), List.of(new LineSpan(gap, gap))));
        }

        /** A seal without places: the text next to this anchor counts only when removing it gives back the sealed context. */
        private boolean provenByOldSeal(TextSeal s, int anchor) {
            String undone = ins.unsplice(t, lines, anchor);
            LineIndex back = new LineIndex(undone);
            List<Integer> again = ins.anchors(back);
            return again.size() == 1
                    && List.of(Context.ofLine(back, again.get(0))).equals(s.context());
        }

        Check revert() {
            List<Integer> placed = placed();
            if (placed.size() > 1) {
                return broken(
                        Verdict.AMBIGUOUS,
                        "cannot undo exactly: the text sits next to " + placed.size() + " anchor lines");
            }
            if (placed.isEmpty()) {
                if (anchors.size() == 1) {
                    return ok(Verdict.APPLIES, "not applied; nothing to undo", t);
                }
                return broken(Verdict.ANCHOR_MISSING, "cannot undo exactly: the text is not next to the anchor");
            }
            int line = placed.get(0);
            String undone = ins.unsplice(t, lines, line);
            LineIndex back = new LineIndex(undone);
            List<Integer> again = ins.anchors(back);
            if (again.size() != 1 || !ins.splice(undone, back, again.get(0)).equals(t)) {
                return broken(
                        Verdict.AMBIGUOUS,
                        "cannot undo exactly: removing the text would not give back a file the entry applies to");
            }
            return ok(Verdict.ALREADY_APPLIED, "undone " + e.position().word() + " line " + (line + 1), undone);
        }

        private Check anchored() {
            int a = anchors.get(0);
            if (seal.isEmpty()) {
                return ok(Verdict.APPLIES, "anchor at line " + (a + 1), splice());
            }
            if (seal.get().context().equals(List.of(Context.ofLine(lines, a)))) {
                return ok(Verdict.APPLIES, "anchor at line " + (a + 1) + ", context intact", splice());
            }
            String now = lines.content(a);
            String matched = ins.matched(now);
            if (places() && !sealedPlaces().get(0).sameMatch(matched)) {
                drift = Drift.MATCH;
                return review(
                        "match changed at line " + (a + 1) + ": sealed '"
                                + Show.clip(sealedPlaces().get(0).matchedForDisplay()) + "', now '" + Show.clip(matched)
                                + "'",
                        splice());
            }
            if (places() && !Places.sameMatchedLines(lines, a, a, sealedPlaces().get(0))) {
                drift = Drift.LINE;
                return review("anchor line changed at line " + (a + 1) + ": now '" + Show.clip(now) + "'", splice());
            }
            drift = Drift.CONTEXT;
            return review(
                    "context changed around line " + (a + 1) + (places() ? "" : "; sealed without evidence of place"),
                    splice());
        }

        private List<Integer> placed() {
            return anchors.stream().filter(a -> ins.blockAt(lines, a)).toList();
        }

        private String splice() {
            return ins.splice(t, lines, anchors.get(0));
        }

        @Override
        Evidence evidence() {
            List<String> sealedTexts = places() ? List.of(sealedPlaces().get(0).matchedForDisplay()) : List.of();
            var shown = new Evidence.Matches.Shown(sealedTexts, List.of(), List.of(), List.of(), List.of());
            if (anchors.size() == 1) {
                int a = anchors.get(0);
                String line = lines.content(a);
                List<String> block = new ArrayList<>(ins.block());
                block.add(e.position() == InsertEntry.Position.AFTER ? 0 : block.size(), line);
                shown = new Evidence.Matches.Shown(
                        sealedTexts,
                        List.of(ins.matched(line)),
                        List.of(line),
                        List.of(String.join("\n", block)),
                        List.of(a == 0 ? "" : lines.content(a - 1)));
            }
            return new Evidence.Matches(
                    anchors.size(),
                    sealedMatches(-1),
                    anchors.stream().map(a -> a + 1).toList(),
                    new Evidence.Matches.Place(
                            places(), drift, anchors.size() == 1 ? anchors.get(0) + 1 : 0, placeLine, lookalikes),
                    shown);
        }
    }
}
