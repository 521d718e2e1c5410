package io.patchpin.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Flushing is on unless the test JVM's argLine turns it off; patchpin as shipped never does. */
class FsyncTest {
    @Test
    void onByDefaultAndOffOnlyForFalse() {
        assertThat(Fsync.on(null)).isTrue();
        assertThat(Fsync.on("")).isTrue();
        assertThat(Fsync.on("true")).isTrue();
        assertThat(Fsync.on("FALSE")).isTrue();
        assertThat(Fsync.on("false")).isFalse();
    }

    @Test
    void theTestJvmsAloneTurnItOff() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
        assertThat(pom).contains("-D" + Fsync.PROPERTY + "=false</argLine>");
        String launcher = Files.readString(Path.of("bin/patchpin"), StandardCharsets.UTF_8);
        assertThat(launcher).doesNotContain(Fsync.PROPERTY);
        String kill9 = Files.readString(Path.of("tests/kill9.sh"), StandardCharsets.UTF_8);
        assertThat(kill9).contains("bin/patchpin").doesNotContain(Fsync.PROPERTY);
    }
}
