package io.patchpin.patchset;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Version;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spack's version ranges as a {@code when} reads them, and a {@code when} patchset.toml cannot hold. */
class ConditionTest {
    @ParameterizedTest(name = "{0} at {1}: {2}")
    @CsvSource({
        "@5.7, 5.7, true",
        "@5.7, 5.7.1, true",
        "@5.7, 5.6.9, false",
        "@5.7, 5.70, false",
        "@6.0:6, 6.0.0, true",
        "@6.0:6, 6.3.1, true",
        "@6.0:6, 7.0, false",
        "@6.0:6, 5.7.1, false",
        "@:5.6, 5.6.2, true",
        "@:5.6, 5.7, false",
        "@6.1:, 6.1, true",
        "@6.1:, 10.0, true",
        "@6.1:, 6.0.9, false",
        "'@5.7,6.2:6.3', 6.3.4, true",
        "'@5.7,6.2:6.3', 6.1, false",
        "@6.1:, develop, true",
    })
    void aSpackRangeHoldsForItsSubVersionsAndNotPastItsEnds(String when, String version, boolean holds) {
        assertThat(new Condition(when).holds(Version.parse(version, "test"))).isEqualTo(holds);
    }

    @Test
    void onlyThePackagesOwnVersionOfASpackWhenIsTheCondition() {
        assertThat(Condition.ofSpackWhen("@6.0: +rocm")).contains(new Condition("@6.0:"));
        assertThat(Condition.ofSpackWhen("@=5.7")).contains(new Condition("@5.7"));
        assertThat(Condition.ofSpackWhen("+asan ^hip@6:")).isEmpty();
    }

    @Test
    void aWhenThatIsNotAVersionRangeIsBadInputAtItsEntry(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve("patchset.toml"),
                """
                format = 1
                name = "s"

                [[entry]]
                id = "e"
                kind = "rewrite"
                component = "."
                file = "a.txt"
                find = "x"
                replace = "y"
                when = "6.0"
                """);
        assertThatThrownBy(() -> PatchsetStore.read(dir))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .contains("patchset.toml:11", "'when' must be a version range"));
    }
}
