package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Any bytes as a lockfile: reading it works or fails as bad input; what was
 * read is written back to bytes patchpin reads again, to the same bytes.
 */
class LockFileFuzzTest {
    @TempDir
    static Path tmp;

    @FuzzTest(maxDuration = "5m")
    void read(byte[] bytes) throws IOException {
        Path file = tmp.resolve("fuzz.lock.toml");
        Files.write(file, bytes);
        Lock lock;
        try {
            lock = LockFile.read(file);
        } catch (BadInputException expected) {
            return; // the documented bad-input path
        }
        byte[] written = LockFile.render(lock);
        Path again = tmp.resolve("again.lock.toml");
        Files.write(again, written);
        assertThat(LockFile.render(LockFile.read(again))).isEqualTo(written);
    }
}
