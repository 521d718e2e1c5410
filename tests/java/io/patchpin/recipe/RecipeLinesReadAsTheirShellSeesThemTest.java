package io.patchpin.recipe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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

    @Test
    void anUnbalancedQuoteGivesNoWords() {
        assertThat(Words.split("sed -i 's/a/b/ x")).isEmpty();
        assertThat(Words.split("echo \"a\\\"")).isEmpty();
    }

    @Test
    void nixIndentedStringEscapesBecomeTheCharactersTheyStandFor() {
        assertThat(NixRecipe.unescape("a''\\nb''\\tc''\\rd''\\xe")).isEqualTo("a\nb\tc\rdxe");
        assertThat(NixRecipe.unescape("'''x'' ''${y}")).isEqualTo("''x'' ${y}");
        assertThat(NixRecipe.unescape("a ${\"'\"} b")).isEqualTo("a ' b");
    }

    @Test
    void anEscapeOrInterpolationLeftOpenAtTheEndIsKeptAsWritten() {
        assertThat(NixRecipe.unescape("tail''\\")).isEqualTo("tail''\\");
        assertThat(NixRecipe.unescape("a ${\"open")).isEqualTo("a ${\"open");
    }
}
