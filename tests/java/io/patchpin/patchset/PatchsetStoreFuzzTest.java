package io.patchpin.patchset;

import static io.patchpin.testkit.Asserts.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Any bytes as {@code patchset.toml}: reading it works or fails as bad input;
 * what was read is written back to text patchpin reads again, to the same text.
 */
class PatchsetStoreFuzzTest {
    @TempDir
    static Path tmp;

    @FuzzTest(maxDuration = "5m")
    void read(byte[] bytes) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("set"));
        Files.write(PatchsetStore.tomlOf(dir), bytes);
        Patchset p;
        try {
            p = PatchsetStore.read(dir);
        } catch (BadInputException expected) {
            return; // the documented bad-input path
        }
        String text = PatchsetStore.render(p);
        Path again = Files.createDirectories(tmp.resolve("again"));
        Files.writeString(PatchsetStore.tomlOf(again), text, StandardCharsets.UTF_8);
        assertThat(PatchsetStore.render(PatchsetStore.read(again))).isEqualTo(text);
    }
}
