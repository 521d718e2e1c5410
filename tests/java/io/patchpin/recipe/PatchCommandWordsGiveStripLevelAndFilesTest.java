package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The words of a recipe's {@code patch} or {@code git apply} line: the strip level it asks and the files it reads. */
class PatchCommandWordsGiveStripLevelAndFilesTest {
    @Test
    void theStripLevelIsReadInEachOfItsSpellings() {
        assertThat(RecipeText.strip(List.of("patch", "-Np2", "-i", "a.patch"), 1))
                .isEqualTo(2);
        assertThat(RecipeText.strip(List.of("git", "apply", "--strip=3", "a.patch"), 1))
                .isEqualTo(3);
        assertThat(RecipeText.strip(List.of("patch", "-p", "0", "a.patch"), 1)).isZero();
    }

    @Test
    void withoutALevelOrWithAnIncompleteOneTheCommandsDefaultHolds() {
        assertThat(RecipeText.strip(List.of("patch", "-i", "a.patch"), 1)).isEqualTo(1);
        assertThat(RecipeText.strip(List.of("patch", "-p", "x.patch"), 1)).isEqualTo(1);
        assertThat(RecipeText.strip(List.of("patch", "-p"), 0)).isZero();
    }

    @Test
    void theOperandsAreTheFilesWithOptionsAndRedirectionsDropped() {
        assertThat(RecipeText.operands(List.of("patch", "-p", "1", "-i", "a.patch", "--input", "b.patch"), 1))
                .containsExactly("a.patch", "b.patch");
        assertThat(RecipeText.operands(List.of("patch", "-Np1", "<", "c.patch", "<d.patch"), 1))
                .containsExactly("c.patch", "d.patch");
        assertThat(RecipeText.operands(List.of("patch", "-R", "-p"), 1)).isEmpty();
    }
}
