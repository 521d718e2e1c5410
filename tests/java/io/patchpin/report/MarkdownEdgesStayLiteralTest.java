package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The edges of inline Markdown made from upstream text: a code span's padding when the text starts or ends with a
 * backtick or is blank, and the list markers and GitHub references that only look like one.
 */
class MarkdownEdgesStayLiteralTest {
    @Test
    void aCodeSpanIsPaddedWhereABacktickOrBlankWouldBreakIt() {
        assertThat(Markdown.code("")).isEmpty();
        assertThat(Stream.of("`x", "x`", "  ", "a|b").map(Markdown::code))
                .containsExactly("`` `x ``", "`` x` ``", "`    `", "`a\\|b`");
    }

    /** Only leading digits before a dot or a parenthesis start a list; a dash after GH joins only before a digit. */
    @ParameterizedTest(name = "[{0}] as [{1}]")
    @CsvSource({
        "12. x, 12\\. x",
        "1) x, 1\\) x",
        "a1. x, a1. x",
        "1234567890. x, 1234567890. x",
        ".x, .x",
        "GH-7, GH-&#8288;7",
        "GH-, GH-",
        "GH-/, GH-/",
        "GH-x, GH-x",
        "a-b, a-b",
    })
    void onlyWhatWouldStartAListOrAReferenceIsEscaped(String text, String inert) {
        assertThat(Markdown.inert(text)).isEqualTo(inert);
    }
}
