package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch of files flushed together is written as one file after another would be: each replaced or deleted in
 * order, permissions kept, and no temp file left behind, also when a file in the middle cannot be written.
 */
class AtomicFilesBatchTest {
    @TempDir
    Path tmp;

    @Test
    void aBatchReplacesCreatesAndDeletesInOrderKeepingPermissions() throws IOException {
        Path kept = tmp.resolve("a/run.sh");
        Files.createDirectories(kept.getParent());
        Files.writeString(kept, "old\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(kept, PosixFilePermissions.fromString("rwxr-x---"));
        Path created = tmp.resolve("b/new.txt");
        Path deleted = tmp.resolve("gone.txt");
        Files.writeString(deleted, "bye\n", StandardCharsets.UTF_8);
        List<Integer> done = new ArrayList<>();

        AtomicFiles.writeAll(
                List.of(kept, created, deleted),
                Arrays.asList(bytes("new\n"), bytes("made\n"), null),
                false,
                done::add);

        assertThat(done).containsExactly(0, 1, 2);
        assertThat(kept).hasContent("new");
        assertThat(Files.getPosixFilePermissions(kept)).isEqualTo(PosixFilePermissions.fromString("rwxr-x---"));
        assertThat(created).hasContent("made");
        assertThat(deleted).doesNotExist();
        assertThat(temps()).isEmpty();
    }

    @Test
    void aFileThatCannotBeWrittenStopsTheBatchBeforeAnyRenameAndLeavesNoTempFile() throws IOException {
        Path first = tmp.resolve("first.txt");
        Files.writeString(first, "old\n", StandardCharsets.UTF_8);
        Path blocker = tmp.resolve("blocker");
        Files.writeString(blocker, "a file where a folder would be", StandardCharsets.UTF_8);
        List<Integer> done = new ArrayList<>();

        assertThatThrownBy(() -> AtomicFiles.writeAll(
                        List.of(first, blocker.resolve("below.txt")),
                        List.of(bytes("new\n"), bytes("x\n")),
                        false,
                        done::add))
                .isInstanceOf(BadInputException.class);

        assertThat(done).isEmpty();
        assertThat(first).hasContent("old");
        assertThat(temps()).isEmpty();
    }

    private List<Path> temps() throws IOException {
        try (Stream<Path> all = Files.walk(tmp)) {
            return all.filter(AtomicFiles::isTemp).toList();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
