package io.patchpin.update;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code --to-tag GLOB}: which tag names a glob matches, and which of them is the newest. */
class TagsAreOrderedAsVersionsTest {
    @Test
    void runsOfDigitsCompareAsNumbers() {
        assertThat(Tags.compare("rocm-7.10", "rocm-7.9")).isPositive();
        assertThat(Tags.compare("rocm-7.09", "rocm-7.10")).isNegative();
    }

    @Test
    void aLongerTagThatStartsTheSameIsNewer() {
        assertThat(Tags.compare("rocm-7.9.1", "rocm-7.9")).isPositive();
        assertThat(Tags.compare("rocm-7.9", "rocm-7.9.1")).isNegative();
        assertThat(Tags.compare("rocm-7.9", "rocm-7.9")).isZero();
    }

    @Test
    void aWordAgainstANumberComparesAsText() {
        assertThat(Tags.compare("rocm-7.rc1", "rocm-7.1")).isPositive();
        assertThat(Tags.compare("rocm-7.1", "rocm-7.rc1")).isNegative();
    }

    @Test
    void aStarIsAnyRunAQuestionMarkOneCharacterAndTheRestLiteral() {
        assertThat(Tags.glob("rocm-?.*").matcher("rocm-7.10").matches()).isTrue();
        assertThat(Tags.glob("rocm-?.*").matcher("rocm-10.1").matches()).isFalse();
        assertThat(Tags.glob("v1.(x)").matcher("v1.(x)").matches()).isTrue();
        assertThat(Tags.glob("v1.(x)").matcher("v1a(x)").matches()).isFalse();
    }
}
