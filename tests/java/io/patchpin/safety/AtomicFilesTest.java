package io.patchpin.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertThatThrownBy(() -> AtomicFiles.write(file.resolve("below.toml"), new byte[] {1}))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("cannot create folder");
    }
}
