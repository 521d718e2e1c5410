package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BusyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Locks left in odd shapes, and a patchset folder made for a lock. */
class WriteLockCleansUpLeftoversTest {
    @TempDir
    Path git;

    @Test
    void aTempFileOfAKilledTakerIsRemovedWhenTheLockIsTaken() throws Exception {
        Path orphan = Files.createDirectories(git.resolve("patchpin")).resolve(AtomicFiles.TEMP_PREFIX + "lock.1");
        Files.writeString(orphan, "pid = 1\n");
        try (WriteLock lock = WriteLock.take(git, "apply", Duration.ZERO)) {
            assertThat(orphan).doesNotExist();
            assertThat(git.resolve("patchpin/lock")).exists();
        }
    }

    @Test
    void anUnreadableLockIsWaitedForWhileFreshAndBrokenWhenOld() throws Exception {
        Path lock = Files.createDirectories(git.resolve("patchpin/lock"));
        assertThatThrownBy(() -> WriteLock.take(git, "apply", Duration.ZERO))
                .isInstanceOf(BusyException.class)
                .hasMessageStartingWith("the workspace is busy: another patchpin holds ");
        Files.setLastModifiedTime(lock, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        try (WriteLock taken = WriteLock.take(git, "apply", Duration.ZERO)) {
            assertThat(lock).isRegularFile();
        }
    }

    @Test
    void aPatchsetFolderMadeForTheLockGoesWhenLeftEmptyAndStaysWhenWritten() throws Exception {
        Path set = git.resolve("patchsets/new");
        try (WriteLock lock = WriteLock.forPatchset(set, "new", Duration.ZERO)) {
            assertThat(set.resolve(WriteLock.PATCHSET_LOCK)).exists();
        }
        assertThat(set).doesNotExist();
        try (WriteLock lock = WriteLock.forPatchset(set, "new", Duration.ZERO)) {
            Files.writeString(set.resolve("patchset.toml"), "");
        }
        assertThat(set.resolve("patchset.toml")).exists();
        assertThat(set.resolve(WriteLock.PATCHSET_LOCK)).doesNotExist();
    }
}
