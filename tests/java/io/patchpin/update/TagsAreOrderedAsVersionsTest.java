package io.patchpin.update;

import static io.patchpin.testkit.Asserts.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --to-tag GLOB}: which tag names a glob matches, and which of them is the newest. */
class TagsAreOrderedAsVersionsTest {
    /** Runs of digits compare as numbers, a word against a number as text, and a longer tag is newer. */
    @ParameterizedTest(name = "{0} is newer than {1}")
    @CsvSource({
        "rocm-7.10, rocm-7.9",
        "rocm-7.10, rocm-7.09",
        "rocm-7.9.1, rocm-7.9",
        "rocm-7.rc1, rocm-7.1",
    })
    void theFirstTagIsNewer(String newer, String older) {
        assertThat(Tags.compare(newer, older)).isPositive();
        assertThat(Tags.compare(older, newer)).isNegative();
        assertThat(Tags.compare(newer, newer)).isZero();
    }

    /** A star is any run, a question mark one character, and the rest literal. */
    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource({
        "rocm-?.*, rocm-7.10, true",
        "rocm-?.*, rocm-10.1, false",
        "v1.(x), v1.(x), true",
        "v1.(x), v1a(x), false",
    })
    void aGlobMatchesTheWholeName(String glob, String tag, boolean matches) {
        assertThat(Tags.glob(glob).matcher(tag).matches()).isEqualTo(matches);
    }
}
