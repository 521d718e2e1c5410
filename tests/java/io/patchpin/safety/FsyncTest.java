package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Settings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Flushing is on unless the test JVM's argLine turns it off; patchpin as shipped never does. */
class FsyncTest {
    @Test
    void onByDefaultAndOffOnlyForFalse() {
        assertThat(on(null)).isTrue();
        assertThat(on("")).isTrue();
        assertThat(on("true")).isTrue();
        assertThat(on("FALSE")).isTrue();
        assertThat(on("false")).isFalse();
    }

    @Test
    void theTestJvmsAloneTurnItOff() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
        assertThat(pom).contains("-D" + Settings.FSYNC + "=false</argLine>");
        String launcher = Files.readString(Path.of("bin/patchpin"), StandardCharsets.UTF_8);
        assertThat(launcher).doesNotContain(Settings.FSYNC);
        String kill9 = Files.readString(Path.of("tests/kill9.sh"), StandardCharsets.UTF_8);
        assertThat(kill9).contains("bin/patchpin").doesNotContain(Settings.FSYNC);
    }

    private static boolean on(String value) {
        Properties p = new Properties();
        if (value != null) {
            p.setProperty(Settings.FSYNC, value);
        }
        return Settings.of(p).fsync();
    }
}
