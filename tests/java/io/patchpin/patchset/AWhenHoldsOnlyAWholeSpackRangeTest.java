package io.patchpin.patchset;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An entry's {@code when}: no condition holds at every version; a range with a part missing is refused. */
class AWhenHoldsOnlyAWholeSpackRangeTest {
    @Test
    void noConditionHoldsAtEveryVersion() {
        for (Condition none : new Condition[] {new Condition(null), new Condition("  ")}) {
            assertThat(none.always()).isTrue();
            assertThat(none.holds(Version.parse("develop", "test"))).isTrue();
        }
    }

    @Test
    void anAtAloneIsNoRange() {
        assertThatThrownBy(() -> new Condition("@"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'when' must be a version range as Spack writes it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"@5.7,", "@,5.7", "@5:6:7", "@:"})
    void anEmptyPartOrOneWithTwoColonsIsRefusedNamingIt(String when) {
        assertThatThrownBy(() -> new Condition(when))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("in 'when' is not a version or a range A:B");
    }
}
