package io.patchpin.patchset;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A layer as written: a patchset folder relative to the set, or {@code therock:TAG}; anything else is refused. */
class LayerIsAFolderBelowOrATheRockTagTest {
    @Test
    void aFolderIsKeptRelativeWithForwardSlashesAndNoTrailingOne() {
        Layer l = Layer.parse("..\\shared\\base//");
        assertThat(l).isEqualTo(new Layer(Layer.Kind.PATCHSET, "../shared/base"));
        assertThat(l.tag()).isEmpty();
        assertThat(l).hasToString("../shared/base");
    }

    @Test
    void aTheRockTagNamesItsPatchesFolder() {
        Layer l = Layer.parse("therock:amd-mainline");
        assertThat(l.tag()).contains("amd-mainline");
        assertThat(l.therockFolder()).isEqualTo("patches/amd-mainline");
        assertThat(l).hasToString("therock:amd-mainline");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/", "//", "/abs/set", ".", "a\u0000b"})
    void aFolderThatIsNoneOrAbsoluteIsRefusedNamingIt(String text) {
        assertThatThrownBy(() -> Layer.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be a patchset folder relative to this one, or therock:TAG");
    }

    @ParameterizedTest
    @ValueSource(strings = {"therock:", "therock:-x", "therock:a/b"})
    void aTheRockTagOutsideItsLettersIsRefused(String text) {
        assertThatThrownBy(() -> Layer.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a TheRock tag is letters, digits");
    }
}
