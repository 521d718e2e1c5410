package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spack's order of versions: numbers as numbers, a word after every number, a shorter version first. */
class VersionsCompareAsSpackOrdersThemTest {
    private static Version v(String text) {
        return Version.parse(text, "test");
    }

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource({
        "6.2, 6.10",
        "6.02, 6.10",
        "6.0, 6.0.0",
        "6.9, develop",
        "6.rc1, 6.rc2",
        "9, 10",
    })
    void theFirstComesBeforeTheSecond(String low, String high) {
        assertThat(v(low)).isLessThan(v(high));
        assertThat(v(high)).isGreaterThan(v(low));
    }

    @Test
    void leadingZerosDoNotMakeANumberLarger() {
        assertThat(v("6.007")).isEqualByComparingTo(v("6.7"));
        assertThat(v("0")).isEqualByComparingTo(v("00"));
    }

    @Test
    void aVersionStartsWithItsPrefixesOnly() {
        assertThat(v("6.2.2").startsWith(v("6.2"))).isTrue();
        assertThat(v("6.2").startsWith(v("6.2.2"))).isFalse();
        assertThat(v("6.3.0").startsWith(v("6.2"))).isFalse();
    }

    @Test
    void aVersionSaysWhereItWasRead() {
        assertThat(Version.parse("6.2.2", "tag rocm-6.2.2").describe()).isEqualTo("6.2.2 (tag rocm-6.2.2)");
    }

    @Test
    void textThatIsNoVersionIsRefusedNamingIt() {
        assertThatThrownBy(() -> v("6..2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'6..2' is not a version (dot-separated numbers or words)");
        assertThatThrownBy(() -> new Version(List.of(), "test"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a version has at least one part");
    }
}
