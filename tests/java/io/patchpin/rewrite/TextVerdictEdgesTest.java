package io.patchpin.rewrite;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.check.Check;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.Settings;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.testkit.NoFiles;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.FileLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Rewrite and insert verdicts in memory, for the cases the golden folders do not hold: seals written before
 * evidence of place was recorded, unsealed entries, reverts that cannot be undone exactly, non-UTF-8 files.
 */
class TextVerdictEdgesTest {
    private static final String BASE = "l1\nl2\nl3\nx foo y\nl5\nl6\nl7\nl8\nl9\n";

    private static RewriteEntry rewrite(String find, String replace, boolean regex, Occurrence occ) {
        return Unsealed.rewrite("e", ".", "f", find, replace, regex, occ);
    }

    private static InsertEntry insert(String anchor, boolean regex, String text) {
        return new InsertEntry(
                Entry.Common.of("i", ".", "", List.of()),
                "f",
                anchor,
                regex,
                InsertEntry.Position.AFTER,
                text,
                Optional.empty());
    }

    private static <E extends Entry> E sealed(E e, String base) {
        Sealer.Sealed s = EntryKind.of(e).seal(utf8(base), Settings.DEFAULT).orElseThrow();
        @SuppressWarnings("unchecked")
        E out = (E) s.entry();
        return out;
    }

    /** The entry's seal as written before places were recorded. */
    @SuppressWarnings("unchecked")
    private static <E extends Entry> E withoutPlaces(E e) {
        TextSeal s = (TextSeal) e.seal().orElseThrow();
        return (E) e.withSeal(new TextSeal(s.before(), s.after(), s.matches(), s.context(), s.digest(), List.of()));
    }

    private static Entry upgraded(RewriteEntry e, byte[] base, long regexWork) {
        return Sealer.upgraded(e, base, () -> Sealer.seal(e, base, regexWork));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static EntryInput in(byte[] content) {
        Map<String, FileLookup> files = content == null ? Map.of() : Map.of("f", new FileLookup.Found(content, null));
        return new EntryInput(files, new NoFiles("memory"), Patchset.empty("t", Optional.empty()), Path.of("."));
    }

    private static Check check(Entry e, String content) {
        return check(e, utf8(content), false);
    }

    private static Check revert(Entry e, String content) {
        return check(e, utf8(content), true);
    }

    private static Check check(Entry e, byte[] content, boolean revert) {
        EntryInput in = in(content);
        if (e instanceof RewriteEntry r) {
            return revert ? new RewriteChecker().revert(r, in) : new RewriteChecker().check(r, in);
        }
        InsertEntry i = (InsertEntry) e;
        return revert ? new InsertChecker().revert(i, in) : new InsertChecker().check(i, in);
    }

    private static String result(Check c) {
        return new String(c.result().get("f").orElseThrow(), StandardCharsets.UTF_8);
    }

    @Test
    void unsealedRewriteVerdicts() {
        RewriteEntry grow = rewrite("foo", "foo(bar)", false, Occurrence.ALL);
        Check there = check(grow, "x foo(bar) y\n");
        assertThat(there.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        assertThat(there.verdict().detail()).isEqualTo("unsealed: replacement already in place at line 1");

        Check half = check(grow, "foo(bar)\nfoo\n");
        assertThat(half.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        assertThat(half.verdict().reason()).isEqualTo("replacement already in place at 1 of 2 edited matches");

        Check six = check(rewrite("x", "y", false, Occurrence.ALL), "x\nx\nx\nx\nx\nx\n");
        assertThat(six.verdict().reason()).isEqualTo("6 matches, edits lines 1, 2, 3, 4, 5, ...");
        assertThat(result(six)).isEqualTo("y\ny\ny\ny\ny\ny\n");

        Check third = check(rewrite("x", "y", false, new Occurrence(3)), "x\nx\n");
        assertThat(third.verdict().verdict()).isEqualTo(Verdict.AMBIGUOUS);
        assertThat(third.verdict().reason()).isEqualTo("2 matches, occurrence 3 asked");

        Check gone = check(rewrite("foo", "bar", false, Occurrence.ALL), "l1\nbar\n");
        assertThat(gone.verdict().verdict()).isEqualTo(Verdict.ANCHOR_MISSING);
        assertThat(gone.verdict().reason())
                .isEqualTo(
                        "anchor not found; replacement present at line 2, but an unsealed entry has no evidence it is this edit");

        Check undone = revert(rewrite("foo", "bar", false, Occurrence.ALL), "l1\nbar\n");
        assertThat(undone.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        assertThat(result(undone)).isEqualTo("l1\nfoo\n");

        Check regex = check(rewrite("f(o+)", "g$1", true, Occurrence.ALL), "foo\n");
        assertThat(result(regex)).isEqualTo("goo\n");
        assertThat(((Evidence.Matches) regex.verdict().evidence()).shown().matchedSealed())
                .isEmpty();
    }

    @Test
    void oldSealsProveAnEditByTheirContext() {
        RewriteEntry grow = withoutPlaces(sealed(rewrite("foo", "foo(bar)", false, Occurrence.ALL), BASE));
        String farChange = "l1\nl2\nl3\nx foo(bar) y\nl5\nl6\nl7\nl8\nnine\n";
        Check proven = check(grow, farChange);
        assertThat(proven.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        assertThat(proven.verdict().reason())
                .isEqualTo("replacement already in place at line 4, the sealed context around it");
        assertThat(((Evidence.Matches) proven.verdict().evidence()).shown().matchedSealed())
                .containsExactly("foo");

        Check moved = check(grow, "l1\nCHANGED\nl3\nx foo(bar) y\nl5\n");
        assertThat(moved.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        assertThat(moved.verdict().reason()).contains("but not at its sealed place");

        RewriteEntry swap = withoutPlaces(sealed(rewrite("foo", "bar", false, Occurrence.ALL), BASE));
        Check swapped = check(swap, "l1\nl2\nl3\nx bar y\nl5\nl6\nl7\nl8\nnine\n");
        assertThat(swapped.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        assertThat(swapped.verdict().reason())
                .isEqualTo("anchor gone; replacement present at line 4, the sealed context around it");

        Check drifted = check(swap, "l1\nl2\nNEW\nx foo y\nl5\n");
        assertThat(drifted.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        assertThat(drifted.verdict().reason())
                .isEqualTo(
                        "context changed around line 4 (1 match as sealed); sealed without evidence of place, matched text 'foo'");

        RewriteEntry regex = withoutPlaces(sealed(rewrite("f(o)o", "b$1r", true, Occurrence.ALL), BASE));
        assertThat(check(regex, "l1\nl2\nl3\nx bor y\nl5\n").verdict().verdict())
                .isEqualTo(Verdict.ANCHOR_MISSING);
        Check regexDrift = check(regex, "l1\nl2\nNEW\nx foo y\nl5\n");
        assertThat(regexDrift.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        assertThat(regexDrift.verdict().evidence()).isInstanceOfSatisfying(Evidence.Matches.class, m -> assertThat(
                        m.place().drift())
                .isEqualTo(Drift.CONTEXT));
    }

    @Test
    void secondOfTwoSealedPlacesDriftsAndBothPlacesAreFound() {
        String two = "a foo\nl2\nl3\nl4\nl5\nl6\nb foo\nl8\n";
        RewriteEntry e = sealed(rewrite("foo", "bar", false, Occurrence.ALL), two);
        Check drift = check(e, "a foo\nl2\nl3\nl4\nl5\nCHANGED\nb foo\nl8\n");
        assertThat(drift.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        assertThat(drift.verdict().reason()).isEqualTo("context changed around line 7 (2 matches as sealed)");

        Check both = check(e, "top\na bar\nl2\nl3\nl4\nl5\nl6\nb bar\nl8\n");
        assertThat(both.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        assertThat(both.verdict().reason()).startsWith("edit already at its sealed place, line 2 (moved 1 line down)");
    }

    @Test
    void revertsThatCannotBeExact() {
        RewriteEntry e = sealed(rewrite("foo", "bar", false, Occurrence.ALL), BASE);
        Check untouched = revert(e, BASE);
        assertThat(untouched.verdict().verdict()).isEqualTo(Verdict.APPLIES);
        assertThat(untouched.verdict().reason()).isEqualTo("not applied; nothing to undo");
        assertThat(result(untouched)).isEqualTo(BASE);
        Check elsewhere = revert(e, "l1\nfoo\n");
        assertThat(elsewhere.verdict().verdict()).isEqualTo(Verdict.APPLIES);

        RewriteEntry first = sealed(rewrite("foo", "bar", false, new Occurrence(1)), "foo\n");
        Check twice = revert(first, "bar bar\n");
        assertThat(twice.verdict().verdict()).isEqualTo(Verdict.AMBIGUOUS);
        assertThat(twice.verdict().reason()).isEqualTo("cannot undo exactly: 2 places could hold the edit");
    }

    @Test
    void deletionsSealTheirPlaceAsEmptyOrPartialLines() {
        for (String[] c : new String[][] {
            {"foo\n", "a\nfoo\nb\n", "a\nb\n"}, {"oo", "a\nfoo\nb\n", "a\nf\nb\n"}, {"b\n", "a\nb\n", "a\n"}
        }) {
            RewriteEntry e = sealed(rewrite(c[0], "", false, Occurrence.ALL), c[1]);
            assertThat(((TextSeal) e.seal().orElseThrow()).hasPlaces()).isTrue();
            Check exact = check(e, c[1]);
            assertThat(exact.verdict().verdict()).isEqualTo(Verdict.EXACT);
            assertThat(result(exact)).isEqualTo(c[2]);
            assertThat(check(e, c[2]).verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        }
        RewriteEntry mid = sealed(rewrite("oo", "", false, Occurrence.ALL), "a\nl2\nl3\nfoo\nb\n");
        Check drift = check(mid, "a\nNEW\nl3\nfoo\nb\n");
        assertThat(drift.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        assertThat(((Evidence.Matches) drift.verdict().evidence()).shown().linesAfter())
                .containsExactly("f");
    }

    @Test
    void sealingRefusesWhatChangesNothingAndUpgradesOldSeals() {
        assertThat(Sealer.seal(rewrite("foo", "foo", false, Occurrence.ALL), utf8(BASE), Settings.DEFAULT_REGEX_WORK))
                .isEqualTo(new Sealer.Refused("the edit is already there in f at the base (applying changes nothing)"));
        assertThatThrownBy(() -> EntryKind.of(Unsealed.patch("p", ".", "p.patch", List.of("f")))
                        .seal(utf8(BASE), Settings.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a text entry");
        Sealer.Sealing noAnchor =
                Sealer.seal(insert("x fooo y", false, "NEW"), utf8(BASE), Settings.DEFAULT_REGEX_WORK);
        assertThat(((Sealer.Refused) noAnchor).why())
                .startsWith("anchor 'x fooo y' not found in f at the base; nearest similar line 4");
        assertThat(((Sealer.Refused) Sealer.seal(insert("zz", false, "NEW"), utf8(BASE), Settings.DEFAULT_REGEX_WORK))
                        .why())
                .endsWith("no similar line");

        RewriteEntry placed = sealed(rewrite("foo", "bar", false, Occurrence.ALL), BASE);
        RewriteEntry old = withoutPlaces(placed);
        assertThat(upgraded(old, utf8(BASE), Settings.DEFAULT_REGEX_WORK)).isEqualTo(placed);
        assertThat(upgraded(placed, utf8(BASE), Settings.DEFAULT_REGEX_WORK)).isSameAs(placed);
        assertThat(upgraded(old, utf8("other\n"), Settings.DEFAULT_REGEX_WORK)).isSameAs(old);
        RewriteEntry unsealed = rewrite("foo", "bar", false, Occurrence.ALL);
        assertThat(upgraded(unsealed, utf8(BASE), Settings.DEFAULT_REGEX_WORK)).isSameAs(unsealed);
        TextSeal s = (TextSeal) old.seal().orElseThrow();
        RewriteEntry forged = old.with(
                old.common(),
                Optional.of(new TextSeal(s.before(), s.before(), s.matches(), s.context(), s.digest(), List.of())));
        assertThat(upgraded(forged, utf8(BASE), Settings.DEFAULT_REGEX_WORK)).isSameAs(forged);
        RewriteEntry edited = new RewriteEntry(
                Entry.Common.of("e", ".", "", List.of()), "f", "foo", "baz", false, Occurrence.ALL, Optional.of(s));
        assertThat(upgraded(edited, utf8(BASE), Settings.DEFAULT_REGEX_WORK)).isSameAs(edited);
        RewriteEntry noLonger = old.with(
                old.common(),
                Optional.of(new TextSeal(
                        Hashes.sha256(utf8("x bar y\n")), s.after(), 1, s.context(), s.digest(), List.of())));
        assertThat(upgraded(noLonger, utf8("x bar y\n"), Settings.DEFAULT_REGEX_WORK))
                .isSameAs(noLonger);
    }

    @Test
    void latin1FilesAreEditedByteForByte() {
        byte[] latin1 = "caf\u00e9 = 1\nfoo\n".getBytes(StandardCharsets.ISO_8859_1);
        RewriteEntry e = rewrite("foo", "bar", false, Occurrence.ALL);
        Check c = check(e, latin1, false);
        assertThat(c.result().get("f").orElseThrow())
                .isEqualTo("caf\u00e9 = 1\nbar\n".getBytes(StandardCharsets.ISO_8859_1));
        DecodedText t = DecodedText.decode(latin1);
        assertThat(t.latin1()).isTrue();
        assertThat(t.encode(t.value())).isEqualTo(latin1);
        assertThat(t.encode("x")).isEqualTo(new byte[] {'x'});
        assertThat(t.adapt("\u00e9")).isEqualTo("\u00c3\u00a9");
    }

    @Test
    void unsealedAndOldSealedInserts() {
        InsertEntry e = insert("anchor", false, "NEW");
        Check applies = check(e, "a\nanchor\nb\n");
        assertThat(applies.verdict().reason()).isEqualTo("anchor at line 2");
        assertThat(result(applies)).isEqualTo("a\nanchor\nNEW\nb\n");
        Check two = check(e, "anchor\nanchor\n");
        assertThat(two.verdict().verdict()).isEqualTo(Verdict.AMBIGUOUS);
        assertThat(two.verdict().reason()).isEqualTo("2 lines match the anchor, sealed 1");
        Check lookalike = check(e, "a\nNEW\n");
        assertThat(lookalike.verdict().reason())
                .isEqualTo(
                        "anchor not found; the text at line 2 may be another one (an unsealed entry has no evidence of place)");
        Check near = check(e, "a\nanchr\n");
        assertThat(near.verdict().verdict()).isEqualTo(Verdict.ANCHOR_MISSING);
        assertThat(near.verdict().reason()).startsWith("anchor not found; nearest similar line 2");
        assertThat(check(e, (byte[]) null, false).verdict().verdict()).isEqualTo(Verdict.FILE_MISSING);
        assertThat(check(e, (byte[]) null, true).verdict().verdict()).isEqualTo(Verdict.FILE_MISSING);

        String base = "l1\nl2\nanchor\nl4\nl5\nl6\nl7\nl8\n";
        InsertEntry old = withoutPlaces(sealed(e, base));
        Check proven = check(old, "l1\nl2\nanchor\nNEW\nl4\nl5\nl6\nl7\nEIGHT\n");
        assertThat(proven.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        assertThat(proven.verdict().reason()).isEqualTo("text already after line 3");
        Check notProven = check(old, "l1\nCHANGED\nanchor\nNEW\nl4\n");
        assertThat(notProven.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        Check context = check(old, "l1\nCHANGED\nanchor\nl4\n");
        assertThat(context.verdict().reason())
                .isEqualTo("context changed around line 3; sealed without evidence of place");
    }

    @Test
    void insertRevertsThatCannotBeExact() {
        InsertEntry e = insert("anchor", false, "NEW");
        Check twice = revert(e, "anchor\nNEW\nanchor\nNEW\n");
        assertThat(twice.verdict().verdict()).isEqualTo(Verdict.AMBIGUOUS);
        assertThat(twice.verdict().reason()).isEqualTo("cannot undo exactly: the text sits next to 2 anchor lines");
        Check none = revert(e, "a\nNEW\n");
        assertThat(none.verdict().verdict()).isEqualTo(Verdict.ANCHOR_MISSING);
        assertThat(none.verdict().reason()).isEqualTo("cannot undo exactly: the text is not next to the anchor");
        Check untouched = revert(e, "anchor\nb\n");
        assertThat(untouched.verdict().verdict()).isEqualTo(Verdict.APPLIES);

        Check second = revert(e, "x anchor\nNEW\ny anchor\n");
        assertThat(second.verdict().verdict()).isEqualTo(Verdict.AMBIGUOUS);
        assertThat(second.verdict().reason())
                .isEqualTo("cannot undo exactly: removing the text would not give back a file the entry applies to");
    }

    @Test
    void regexInsertAnchorWhoseMatchChanged() {
        InsertEntry e = sealed(insert("^set\\(X [0-9]+\\)", true, "NEW"), "a\nset(X 1)\nb\n");
        Check c = check(e, "a\nset(X 2)\nb\n");
        assertThat(c.verdict().verdict()).isEqualTo(Verdict.DRIFTED);
        assertThat(c.verdict().reason()).isEqualTo("match changed at line 2: sealed 'set(X 1)', now 'set(X 2)'");
        assertThat(result(c)).isEqualTo("a\nset(X 2)\nNEW\nb\n");
    }

    @Test
    void replacementTemplatesAndFinders() {
        assertThatThrownBy(() -> Replacement.parse("cost $", 1))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("'$' must be followed by a digit, {N} or '$'");
        assertThatThrownBy(() -> Replacement.parse("$x", 1)).hasMessageContaining("must be followed");
        assertThatThrownBy(() -> Replacement.parse("${a}", 1)).hasMessageContaining("must be followed");
        assertThatThrownBy(() -> Replacement.parse("${1", 1)).hasMessageContaining("must be followed");
        assertThatThrownBy(() -> Replacement.parse("$2", 1))
                .hasMessageContaining("group $2 but the expression has 1 group(s)");
        Replacement dollars = Replacement.parse("$$5 and ${1}", 1);
        assertThat(dollars.isConstant()).isFalse();
        assertThat(dollars.expand(new Match(0, 3, List.of("abc", "b")))).isEqualTo("$5 and b");
        assertThat(Replacement.parse("", 0).constantText()).isEmpty();

        assertThat(Finder.literal("").locate("abc")).isEmpty();
        assertThat(Finder.regex("x*", Settings.DEFAULT_REGEX_WORK).locate("axxb"))
                .extracting(Match::text)
                .containsExactly("xx");
        assertThat(Finder.regex("a(z)?", Settings.DEFAULT_REGEX_WORK).locate("ab"))
                .singleElement()
                .satisfies(m -> assertThat(m.groups()).containsExactly("a", ""));
        assertThatThrownBy(() -> new Match(3, 1, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThat(Nearest.line("abc\n", "x")).isEmpty();
        assertThat(Nearest.line("  \nfoo bar\n", "\n\nfoo bar")).isPresent();
        assertThat(new Insert(Finder.literal("a"), InsertEntry.Position.BEFORE, "x\ny\n").toString())
                .isEqualTo("BEFORE [x, y]");
        assertThat(new Insert(Finder.literal("a"), InsertEntry.Position.AFTER, "zz").findBlock(new LineIndex("a\nb\n")))
                .isEqualTo(-1);
    }

    @Test
    void placesMovedUpMultiLineEditsEmptyFilesAndDeletedLines() {
        RewriteEntry e = sealed(rewrite("foo", "bar", false, Occurrence.ALL), BASE);
        Check up = check(e, "l2\nl3\nx bar y\nl5\nl6\nl7\nl8\nl9\n");
        assertThat(up.verdict().reason()).isEqualTo("edit already at its sealed place, line 3 (moved 1 line up)");

        RewriteEntry twoLines = sealed(rewrite("foo", "foo\nbar", false, Occurrence.ALL), BASE);
        Check down = check(twoLines, "top\nl1\nl2\nl3\nx foo\nbar y\nl5\nl6\nl7\nl8\nl9\n");
        assertThat(down.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        assertThat(down.verdict().reason()).isEqualTo("edit already at its sealed place, line 5 (moved 1 line down)");

        Check empty = check(e, "");
        assertThat(empty.verdict().verdict()).isEqualTo(Verdict.ANCHOR_MISSING);
        assertThat(empty.verdict().reason()).isEqualTo("anchor not found; no similar line in f");

        RewriteEntry deletion = sealed(rewrite("foo\n", "", false, Occurrence.ALL), "a\nfoo\nb\n");
        assertThat(check(deletion, "zzz\n").verdict().verdict()).isEqualTo(Verdict.ANCHOR_MISSING);
    }

    @Test
    void insertAfterALastLineWithoutNewlineInACrlfFile() {
        Check c = check(insert("anchor", false, "NEW"), "a\r\nanchor");
        assertThat(result(c)).isEqualTo("a\r\nanchor\r\nNEW");
        Check lf = check(insert("anchor", false, "NEW"), "anchor");
        assertThat(result(lf)).isEqualTo("anchor\nNEW");
        assertThat(Show.clip("x".repeat(150))).hasSize(Show.MAX).endsWith("...");
        assertThat(Show.chomp("a\r\n")).isEqualTo("a");
        assertThat(Show.chomp("a")).isEqualTo("a");
    }
}
