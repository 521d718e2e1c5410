package io.patchpin.structure;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Tests take {@code assertThat} from the kit ({@code testkit/Asserts}), not from AssertJ's {@code Assertions}: javac
 * weighs all of AssertJ's 101 overloads at each call, and that was a fifth of the suite's compile.
 */
class TestsAssertThroughTheKitTest {
    @Test
    void noTestCallsAssertJsAssertThatDirectly() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("tests/java"))) {
            List<String> direct = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> !f.endsWith("Asserts.java") && !f.endsWith("TestsAssertThroughTheKitTest.java"))
                    .filter(TestsAssertThroughTheKitTest::callsAssertJsAssertThat)
                    .map(Path::toString)
                    .sorted()
                    .toList();
            assertThat(direct).as("tests calling Assertions.assertThat").isEmpty();
        }
    }

    private static boolean callsAssertJsAssertThat(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return text.contains("org.assertj.core.api.Assertions.assertThat;")
                    || text.contains("org.assertj.core.api.Assertions.*;")
                    || text.contains("Assertions.assertThat(");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
