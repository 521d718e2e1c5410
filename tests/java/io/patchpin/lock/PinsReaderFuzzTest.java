package io.patchpin.lock;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Any bytes as a pins file: reading it works or fails as bad input naming the file. */
class PinsReaderFuzzTest {
    @TempDir
    static Path tmp;

    @FuzzTest(maxDuration = "5m")
    void read(byte[] bytes) throws IOException {
        Path file = tmp.resolve("fuzz.toml");
        Files.write(file, bytes);
        try {
            PinsReader.read(file);
        } catch (BadInputException expected) {
            // the documented bad-input path
        }
    }
}
