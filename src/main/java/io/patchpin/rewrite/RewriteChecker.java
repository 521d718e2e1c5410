package io.patchpin.rewrite;

import io.patchpin.core.Hashes;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.verify.Check;
import io.patchpin.verify.EntryChecker;
import io.patchpin.verify.EntryInput;
import io.patchpin.verify.EntryVerdict;
import io.patchpin.verify.Evidence;
import io.patchpin.verify.Verdict;

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
        return new State(e, bytes).check();
    }

    @Override
    public Check revert(RewriteEntry e, EntryInput in) {
        Optional<Check> gate = Gate.problem(e, e.file(), in);
        if (gate.isPresent()) {
            return gate.get();
        }
        return new State(e, Gate.bytes(e.file(), in)).revert();
    }

    /** One entry against one file content. */
    private static final class State {
        final RewriteEntry e;
        final byte[] bytes;
        final Text text;
        final String t;
        final Rewrite rw;
        final Rewrite.Outcome o;
        final LineIndex lines;
        final TextSeal seal;
        final String sha;

        State(RewriteEntry e, byte[] bytes) {
            this.e = e;
            this.bytes = bytes;
            this.text = Text.decode(bytes);
            this.t = text.value();
            this.rw = Rewrite.of(e, text);
            this.o = rw.apply(t);
            this.lines = new LineIndex(t);
            this.seal = e.seal().orElse(null);
            this.sha = Hashes.sha256(bytes);
        }

        Check check() {
            if (seal != null && sha.equals(seal.before())) {
                return ok(Verdict.EXACT, "file as sealed; " + edits(), o.result());
            }
            if (seal != null && sha.equals(seal.after())) {
                return ok(Verdict.ALREADY_APPLIED, "file is exactly as sealed after this entry", t);
            }
            int covered = coveredCount();
            if (!o.chosen().isEmpty() && covered == o.chosen().size()) {
                return ok(Verdict.ALREADY_APPLIED, Gate.prefix(e) + "replacement already in place at line " + firstLine(), t);
            }
            if (!o.chosen().isEmpty() && (seal == null || o.matches().size() == seal.matches())) {
                return anchored(covered);
            }
            List<String> pre = preimages();
            if (!pre.isEmpty()) {
                return ok(Verdict.ALREADY_APPLIED, Gate.prefix(e) + "anchor gone; replacement present" + replacementLine(), t);
            }
            if (o.matches().isEmpty()) {
                return broken(Verdict.ANCHOR_MISSING, Gate.prefix(e) + "anchor not found; " + nearest());
            }
            return broken(Verdict.AMBIGUOUS, countDetail());
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
                return broken(Verdict.ANCHOR_MISSING, "cannot undo a regex rewrite with group references from its result");
            }
            return broken(Verdict.ANCHOR_MISSING, "cannot undo exactly: the replacement text is not where the entry put it");
        }

        private Check anchored(int covered) {
            String p = Gate.prefix(e);
            if (covered > 0) {
                return review("replacement already in place at " + covered + " of " + o.chosen().size() + " edited matches");
            }
            if (seal == null) {
                return ok(Verdict.APPLIES, p + edits(), o.result());
            }
            List<String> ctx = Context.of(t, lines, o.chosen());
            if (ctx.equals(seal.context())) {
                return ok(Verdict.APPLIES, edits() + " as sealed, context intact", o.result());
            }
            int changed = 0;
            while (changed < ctx.size() && changed < seal.context().size() && ctx.get(changed).equals(seal.context().get(changed))) {
                changed++;
            }
            int line = changed < o.chosen().size() ? lines.lineOf(o.chosen().get(changed).start()) + 1 : firstLine();
            return review("context changed around line " + line + " (" + Gate.plural(o.matches().size(), "match") + " as sealed)");
        }

        private List<String> preimages() {
            return rw.preimages(t, MAX_UNDO_TRIES).stream()
                    .filter(p -> seal == null || rw.locate(p).size() == seal.matches()).toList();
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
            return Gate.plural(o.matches().size(), "match") + ", edits line" + (o.chosen().size() == 1 ? " " : "s ")
                    + joinLines(Context.lineNumbers(lines, o.chosen()));
        }

        private String countDetail() {
            if (seal != null) {
                return Gate.plural(o.matches().size(), "match") + ", sealed " + seal.matches();
            }
            return "unsealed: " + Gate.plural(o.matches().size(), "match") + ", occurrence " + rw.occurrence() + " asked";
        }

        private String replacementLine() {
            if (!rw.replacement().isConstant()) {
                return "";
            }
            int i = t.indexOf(rw.replacement().constantText());
            return i < 0 ? "" : " at line " + (lines.lineOf(i) + 1);
        }

        private String nearest() {
            return Nearest.line(t, rw.finder().probe()).map(l -> "nearest similar " + l.describe())
                    .orElse("no similar line in " + e.file());
        }

        private int firstLine() {
            return o.chosen().isEmpty() ? 0 : lines.lineOf(o.chosen().get(0).start()) + 1;
        }

        private Evidence evidence() {
            return new Evidence.Matches(o.matches().size(), seal == null ? -1 : seal.matches(),
                    Context.lineNumbers(lines, o.chosen()));
        }

        private Check ok(Verdict v, String detail, String result) {
            byte[] out = result == t ? bytes : text.encode(result);
            return new Check(EntryVerdict.of(e, v, detail, evidence()), Map.of(e.file(), Optional.of(out)));
        }

        private Check review(String detail) {
            return new Check(EntryVerdict.of(e, Verdict.DRIFTED, Gate.prefix(e) + detail, evidence()),
                    Map.of(e.file(), Optional.of(text.encode(o.result()))));
        }

        private Check broken(Verdict v, String detail) {
            return Check.broken(EntryVerdict.of(e, v, detail, evidence()));
        }
    }

    static String joinLines(List<Integer> lines) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < lines.size() && i < 5; i++) {
            b.append(i > 0 ? ", " : "").append(lines.get(i));
        }
        if (lines.size() > 5) {
            b.append(", ...");
        }
        return b.toString();
    }
}
