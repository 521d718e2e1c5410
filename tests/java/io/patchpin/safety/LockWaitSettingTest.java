package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Settings;
import java.time.Duration;
import java.util.Properties;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/** How long a second writer waits: 5 s, or the milliseconds -Dpatchpin.lockWait says; anything else is bad input. */
class LockWaitSettingTest {
    @Test
    void fiveSecondsUnlessSet() {
        assertThat(wait(null)).isEqualTo(Duration.ofSeconds(5));
        assertThat(wait(" ")).isEqualTo(Duration.ofSeconds(5));
        assertThat(wait("250")).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void aValueThatIsNotANumberOrNegativeNamesTheProperty() {
        assertThatThrownBy(() -> wait("5s"))
                .asInstanceOf(InstanceOfAssertFactories.type(BadInputException.class))
                .extracting(BadInputException::oneLine)
                .asString()
                .contains("-D" + Settings.LOCK_WAIT)
                .contains("not a number of milliseconds: 5s");
        assertThatThrownBy(() -> wait("-1"))
                .asInstanceOf(InstanceOfAssertFactories.type(BadInputException.class))
                .extracting(BadInputException::oneLine)
                .asString()
                .contains("-D" + Settings.LOCK_WAIT)
                .contains("a negative number of milliseconds: -1");
    }

    private static Duration wait(String value) {
        Properties p = new Properties();
        if (value != null) {
            p.setProperty(Settings.LOCK_WAIT, value);
        }
        return Settings.of(p).lockWait();
    }
}
