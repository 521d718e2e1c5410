package io.patchpin.sed;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.Settings;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.Sealer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** sed patterns and replacements, BRE and ERE, in their RE2 or literal form; the ones RE2 cannot say are refused by reason. */
class SedTranslationTest {

    private static SedTranslator.Pattern bre(String p) {
        return SedTranslator.pattern(p, false, false);
    }

    private static SedTranslator.Pattern ere(String p) {
        return SedTranslator.pattern(p, true, false);
    }

    private static SedSubstitution.Reason refusal(Runnable r) {
        try {
            r.run();
        } catch (SedSubstitution.Unconvertible u) {
            return u.reason();
        }
        throw new AssertionError("not refused");
    }

    @Test
    void escapedPlainCharactersAndNewlinesStayLiteral() {
        assertThat(bre("a\\.b")).isEqualTo(new SedTranslator.Pattern("a\\.b", "a.b", 0));
        assertThat(bre("a\\/b")).isEqualTo(new SedTranslator.Pattern("a\\/b", "a/b", 0));
        assertThat(bre("x\\ny")).isEqualTo(new SedTranslator.Pattern("x\\ny", "x\ny", 0));
        assertThat(bre("a$b").literal()).isEqualTo("a$b");
        assertThat(bre("*a")).isEqualTo(new SedTranslator.Pattern("\\*a", "*a", 0));
        assertThat(bre("a+b?")).isEqualTo(new SedTranslator.Pattern("a\\+b\\?", "a+b?", 0));
    }

    @Test
    void gnuEscapesBecomeRe2Classes() {
        assertThat(bre("\\tx").regex()).isEqualTo("\\tx");
        assertThat(bre("\\<w\\>").regex()).isEqualTo("\\bw\\b");
        assertThat(bre("\\bw").regex()).isEqualTo("\\bw");
        assertThat(bre("\\w\\W\\S").regex()).isEqualTo("\\w\\W\\S");
        assertThat(bre("a\\sb").regex()).isEqualTo("a[\\t\\f\\r ]b");
        assertThat(bre("\\w").literal()).isNull();
    }

    @Test
    void breGroupsAndAlternativesCountGroups() {
        SedTranslator.Pattern p = bre("\\(a\\|b\\)\\+c\\{2\\}");
        assertThat(p.regex()).isEqualTo("(a|b)+c{2}");
        assertThat(p.groups()).isEqualTo(1);
        assertThat(p.literal()).isNull();
    }

    @Test
    void ereSpecialsAreOperators() {
        SedTranslator.Pattern p = ere("(a|b)+x?{1}");
        assertThat(p.regex()).isEqualTo("(a|b)+x?{1}");
        assertThat(p.groups()).isEqualTo(1);
        // in ERE an escaped operator is the plain character
        assertThat(ere("\\(a\\)")).isEqualTo(new SedTranslator.Pattern("\\(a\\)", "(a)", 0));
    }

    @Test
    void anchorsAreAnchorsOnlyWhereSedReadsThem() {
        assertThat(bre("^a$").regex()).isEqualTo("^a$");
        assertThat(SedTranslator.pattern("^a$", false, true).regex()).isEqualTo("(?s)\\Aa\\z");
        assertThat(bre("a^b").literal()).isEqualTo("a^b");
        // '$' before a closing group or an alternative ends the (sub)expression
        assertThat(bre("\\(a$\\)").regex()).isEqualTo("(a$)");
        assertThat(bre("a$\\|b").regex()).isEqualTo("a$|b");
        assertThat(ere("(a$)").regex()).isEqualTo("(a$)");
        assertThat(ere("a$|b").regex()).isEqualTo("a$|b");
        assertThat(ere("a$b").regex()).isEqualTo("a\\$b");
        // '^' right after an opening group is an anchor too, and a BRE '*' right after an anchor is a plain star
        assertThat(bre("\\(^*x\\)").regex()).isEqualTo("(^\\*x)");
        assertThat(bre("^*x").regex()).isEqualTo("^\\*x");
        assertThat(bre("^**").regex()).isEqualTo("^\\**");
        assertThat(ere("(^a)").regex()).isEqualTo("(^a)");
    }

    @Test
    void aStarAfterALeadingAnchorEditsWhatGnuSedEdits() {
        // GNU sed: printf '*x\nab*x\n' | sed 's/^*x/Y/' gives "Y\nab*x\n"
        byte[] before = "*x\nab*x\n".getBytes(StandardCharsets.UTF_8);
        RewriteEntry e = SedTranslator.entry(
                "id",
                ".",
                "f",
                SedSubstitution.parse("s/^*x/Y/"),
                false,
                false,
                before,
                Settings.DEFAULT_REGEX_WORK,
                "why");
        Sealer.Sealed s = Sealer.seal(e, before, Settings.DEFAULT_REGEX_WORK).orElseThrow();
        assertThat(new String(s.after(), StandardCharsets.UTF_8)).isEqualTo("Y\nab*x\n");
    }

    @Test
    void bracketExpressions() {
        assertThat(bre("[]a]").regex()).isEqualTo("[]a]");
        assertThat(bre("[^]a]x").regex()).isEqualTo("[^\\n]a]x");
        assertThat(SedTranslator.pattern("[^a]", false, true).regex()).isEqualTo("(?s)[^a]");
        assertThat(bre("[[:digit:]x]+").regex()).isEqualTo("[[:digit:]x]\\+");
        assertThat(bre("[\\n]").regex()).isEqualTo("[\\\\n]");
        // "[:" without its ":]" is just characters of the set
        assertThat(bre("[[:x]").regex()).isEqualTo("[[:x]");
        assertThat(refusal(() -> bre("[abc"))).isEqualTo(SedSubstitution.Reason.UNTERMINATED_BRACKET);
        assertThat(refusal(() -> bre("[[:alpha:]"))).isEqualTo(SedSubstitution.Reason.UNTERMINATED_BRACKET);
    }

    @Test
    void backReferencesInPatternsAreRefused() {
        assertThat(refusal(() -> bre("\\(a\\)\\1"))).isEqualTo(SedSubstitution.Reason.BACK_REFERENCE);
        assertThatThrownBy(() -> ere("(a)\\1")).hasMessage("back-reference \\1 in a pattern (RE2 has none)");
    }

    @Test
    void templates() {
        assertThat(SedTranslator.template("<&>-\\1", 0, 1)).isEqualTo("<${0}>-${1}");
        assertThat(SedTranslator.template("&\\1", 2, 1)).isEqualTo("${2}${3}");
        assertThat(SedTranslator.template("$HOME \\$x", 0, 0)).isEqualTo("$$HOME $$x");
        assertThat(SedTranslator.template("a\\nb\\tc\\/d", 0, 0)).isEqualTo("a\nb\tc/d");
        assertThat(SedTranslator.template("end\\", 0, 0)).isEqualTo("end\\");
        assertThat(refusal(() -> SedTranslator.template("\\2", 0, 1))).isEqualTo(SedSubstitution.Reason.NO_SUCH_GROUP);
        for (String c : new String[] {"L", "U", "l", "u", "E"}) {
            assertThat(refusal(() -> SedTranslator.template("\\" + c + "x", 0, 0)))
                    .isEqualTo(SedSubstitution.Reason.CASE_CONVERSION);
        }
    }

    @Test
    void literalReplacements() {
        assertThat(SedTranslator.literalReplacement("[&]", "x.y")).isEqualTo("[x.y]");
        assertThat(SedTranslator.literalReplacement("a\\tb\\nc\\&", "f")).isEqualTo("a\tb\nc&");
        assertThat(SedTranslator.literalReplacement("tail\\", "f")).isEqualTo("tail\\");
        assertThat(refusal(() -> SedTranslator.literalReplacement("\\1", "f")))
                .isEqualTo(SedSubstitution.Reason.GROUP_WITHOUT_GROUPS);
    }

    @Test
    void mappingCaseInsensitiveIsARegexEvenForPlainText() {
        SedSubstitution s = SedSubstitution.parse("s/abc/x/gI");
        RewriteEntry e = SedTranslator.entry("id", ".", "f", s, false, false, null, Settings.DEFAULT_REGEX_WORK, "why");
        assertThat(e.regex()).isTrue();
        assertThat(e.find()).isEqualTo("(?i)abc");
        assertThat(e.occurrence()).isEqualTo(Occurrence.ALL);
    }

    @Test
    void mappingNthMatch() {
        SedSubstitution third = SedSubstitution.parse("s/a/b/3");
        RewriteEntry whole =
                SedTranslator.entry("id", ".", "f", third, true, false, null, Settings.DEFAULT_REGEX_WORK, "why");
        assertThat(whole.occurrence()).isEqualTo(new Occurrence(3));
        assertThat(whole.find()).isEqualTo("a");
        assertThat(refusal(() -> SedTranslator.entry(
                        "id", ".", "f", third, false, false, null, Settings.DEFAULT_REGEX_WORK, "why")))
                .isEqualTo(SedSubstitution.Reason.NTH_OF_EACH_LINE);
    }

    @Test
    void mappingFirstPerLineWhenALineHoldsTwoMatches() {
        byte[] base = "axay\nb\n".getBytes(StandardCharsets.UTF_8);
        RewriteEntry e = SedTranslator.entry(
                "id",
                ".",
                "f",
                SedSubstitution.parse("s/a./[&]/"),
                false,
                false,
                base,
                Settings.DEFAULT_REGEX_WORK,
                "why");
        assertThat(e.find()).isEqualTo("^(.*?)(a.)");
        assertThat(e.replace()).isEqualTo("${1}[${2}]");
        RewriteEntry lit = SedTranslator.entry(
                "id",
                ".",
                "f",
                SedSubstitution.parse("s/a\\./x/"),
                false,
                false,
                "a.a.\n".getBytes(StandardCharsets.UTF_8),
                Settings.DEFAULT_REGEX_WORK,
                "why");
        assertThat(lit.find()).isEqualTo("^(.*?)(a\\.)");
        RewriteEntry once = SedTranslator.entry(
                "id",
                ".",
                "f",
                SedSubstitution.parse("s/b\\nc/x/"),
                false,
                false,
                base,
                Settings.DEFAULT_REGEX_WORK,
                "why");
        assertThat(once.regex()).isFalse();
        assertThat(once.find()).isEqualTo("b\nc");
        assertThat(once.occurrence()).isEqualTo(Occurrence.ALL);
        // without the base's bytes (objects not here) the first-match-per-line form is the safe one
        RewriteEntry twoLines = SedTranslator.entry(
                "id",
                ".",
                "f",
                SedSubstitution.parse("s/x\\ny/z/"),
                false,
                false,
                null,
                Settings.DEFAULT_REGEX_WORK,
                "why");
        assertThat(twoLines.find()).isEqualTo("^(.*?)(x\\ny)");
    }
}
