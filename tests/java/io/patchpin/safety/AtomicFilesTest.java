package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A path the user named that cannot be written is bad input; a machine that fails to write is not. */
class AtomicFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aFullDiskOrAnIoErrorStaysAnIoErrorWithItsCause() {
        Path p = tmp.resolve("x.toml");
        IOException full = new FileSystemException(p.toString(), null, "No space left on device");
        RuntimeException e = AtomicFiles.failure(p, "cannot write", full);
        assertThat(e)
                .isInstanceOf(UncheckedIOException.class)
                .hasCause(full)
                .hasMessage("cannot write " + p + ": No space left on device");
        assertThat(AtomicFiles.failure(p, "cannot write", new IOException("Input/output error")))
                .isInstanceOf(UncheckedIOException.class)
                .isNotInstanceOf(BadInputException.class);
    }

    @Test
    void aPathThatRefusesTheWriteIsBadInputNamingIt() {
        Path p = tmp.resolve("x.toml");
        assertThat(AtomicFiles.failure(p, "cannot write", new AccessDeniedException(p.toString())))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("permission denied");
        assertThat(AtomicFiles.failure(
                        p, "cannot write", new FileSystemException(p.toString(), null, "Read-only file system")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("Read-only file system");
    }

    @Test
    void aFolderInTheWayIsBadInput() throws IOException {
        Path file = tmp.resolve("file");
        Files.writeString(file, "x");
        assertThatThrownBy(() -> AtomicFiles.write(file.resolve("below.toml"), new byte[] {1}, false))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("cannot create folder");
    }

    @Test
    void contentThatFailsWhileItIsWrittenLeavesTheFileAsItWasAndNoTempFile() throws IOException {
        Path file = tmp.resolve("report.json");
        Files.writeString(file, "old\n");
        assertThatThrownBy(() -> AtomicFiles.write(
                        file,
                        out -> {
                            out.write("{\"half\": ".getBytes(StandardCharsets.UTF_8));
                            throw new IllegalStateException("a renderer's fault");
                        },
                        false))
                .isInstanceOf(IllegalStateException.class);
        assertThat(Files.readString(file)).isEqualTo("old\n");
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).containsExactly(file);
        }
        AtomicFiles.write(file, out -> out.write("new\n".getBytes(StandardCharsets.UTF_8)), false);
        assertThat(Files.readString(file)).isEqualTo("new\n");
    }
}
