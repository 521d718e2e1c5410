package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A recipe's line is read as its shell reads it: words split as sh splits them, and a Nix indented string's
 * escapes undone before that, so an edit is imported with the text the build would have used.
 */
class RecipeLinesReadAsTheirShellSeesThemTest {
    @Test
    void aBackslashInDoubleQuotesEscapesOnlyWhatShLetsItEscape() {
        assertThat(Words.split("sed \"a\\\"b\" \"c\\$d\" \"e\\\\f\" \"g\\`h\" \"i\\nj\""))
                .contains(List.of("sed", "a\"b", "c$d", "e\\f", "g`h", "i\\nj"));
    }

    @Test
    void aBackslashOutsideQuotesKeepsTheNextCharacterAndALastOneIsKept() {
        assertThat(Words.split("a\\ b c\\")).contains(List.of("a b", "c\\"));
    }

    @Test
    void aDollarExpandsOutsideSingleQuotesOnly() {
        List<Boolean> expands = new ArrayList<>();
        assertThat(Words.split("'$a' \"$b\" $c x", expands)).contains(List.of("$a", "$b", "$c", "x"));
        assertThat(expands).containsExactly(false, true, true, false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sed -i 's/a/b/ x", "echo \"a\\\""})
    void anUnbalancedQuoteGivesNoWords(String line) {
        assertThat(Words.split(line)).isEmpty();
    }

    /** Escapes become the characters they stand for; one left open at the end is kept as written. */
    @Test
    void nixIndentedStringEscapesAreUndone() {
        Map.of(
                        "a''\\nb''\\tc''\\rd''\\xe", "a\nb\tc\rdxe",
                        "'''x'' ''${y}", "''x'' ${y}",
                        "a ${\"'\"} b", "a ' b",
                        "tail''\\", "tail''\\",
                        "a ${\"open", "a ${\"open")
                .forEach((nix, shell) ->
                        assertThat(NixRecipe.unescape(nix)).as(nix).isEqualTo(shell));
    }
}
