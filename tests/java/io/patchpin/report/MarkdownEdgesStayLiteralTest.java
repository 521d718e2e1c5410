package io.patchpin.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The edges of inline Markdown made from upstream text: a code span's padding when the text starts or ends with a
 * backtick or is blank, and the list markers and GitHub references that only look like one.
 */
class MarkdownEdgesStayLiteralTest {
    private static final String JOINER = "&#8288;";

    @Test
    void aCodeSpanIsPaddedWhereABacktickOrBlankWouldBreakIt() {
        assertThat(Markdown.code("")).isEmpty();
        assertThat(Markdown.code("`x")).isEqualTo("`` `x ``");
        assertThat(Markdown.code("x`")).isEqualTo("`` x` ``");
        assertThat(Markdown.code("  ")).isEqualTo("`    `");
        assertThat(Markdown.code("a|b")).isEqualTo("`a\\|b`");
    }

    @Test
    void onlyLeadingDigitsBeforeADotOrParenthesisStartAList() {
        assertThat(Markdown.inert("12. x")).isEqualTo("12\\. x");
        assertThat(Markdown.inert("1) x")).isEqualTo("1\\) x");
        assertThat(Markdown.inert("a1. x")).isEqualTo("a1. x");
        assertThat(Markdown.inert("1234567890. x")).isEqualTo("1234567890. x");
        assertThat(Markdown.inert(".x")).isEqualTo(".x");
    }

    @Test
    void aDashAfterGhIsJoinedOnlyBeforeADigit() {
        assertThat(Markdown.inert("GH-7")).isEqualTo("GH-" + JOINER + "7");
        assertThat(Markdown.inert("GH-")).isEqualTo("GH-");
        assertThat(Markdown.inert("GH-/")).isEqualTo("GH-/");
        assertThat(Markdown.inert("GH-x")).isEqualTo("GH-x");
        assertThat(Markdown.inert("a-b")).isEqualTo("a-b");
    }
}
