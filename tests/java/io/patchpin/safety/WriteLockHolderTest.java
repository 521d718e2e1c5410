package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BusyException;
import io.patchpin.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a lock file left by another process says, and when it is broken as stale or waited for. */
class WriteLockHolderTest {
    @TempDir
    Path git;

    private Path lockFile(String text) throws Exception {
        Path f = git.resolve("patchpin/lock");
        Files.createDirectories(f.getParent());
        return Files.writeString(f, text);
    }

    private static final long ME = ProcessHandle.current().pid();

    @Test
    void aLiveHolderIsNamedAndWaitedForThenRefused() throws Exception {
        lockFile("pid = " + ME + "\nstarted = unknown\ncommand = apply\tnow\n");
        assertThatThrownBy(() -> WriteLock.take(git, "revert", Duration.ZERO))
                .isInstanceOf(BusyException.class)
                .hasMessageStartingWith("the workspace is busy: patchpin apply\\x09now (pid " + ME + ") holds ")
                .hasMessageEndingWith("; revert waited 0 s and did nothing (try again when it has finished)");
    }

    @Test
    void aFreshLockThatNamesNoOwnerIsWaitedFor() throws Exception {
        lockFile("pid = twelve\nnoise\n");
        assertThatThrownBy(() -> WriteLock.take(git, "sync", Duration.ZERO))
                .isInstanceOf(BusyException.class)
                .hasMessageStartingWith("the workspace is busy: another patchpin holds ");
    }

    @Test
    void aLockOfAGoneProcessOrAReusedPidOrLongUnwrittenIsBroken() throws Exception {
        for (String text : new String[] {
            "pid = 999999999999\nstarted = x\ncommand = apply\n",
            "pid = " + ME + "\nstarted = 1970-01-01T00:00:00Z\ncommand = apply\n",
            ""
        }) {
            Path f = lockFile(text);
            Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
            try (WriteLock lock = WriteLock.take(git, "apply", Duration.ZERO)) {
                assertThat(Files.readString(f))
                        .as(text)
                        .startsWith("pid = " + ME + "\n")
                        .endsWith("command = apply\n");
            }
            assertThat(f).doesNotExist();
            assertThat(f.getParent())
                    .as("the folder goes with the lock when it holds nothing else")
                    .doesNotExist();
        }
    }

    @Test
    void releasingKeepsAFolderThatHoldsOtherStateAndANullWorkspaceLocksNothing() throws Exception {
        Path other = lockFile("").resolveSibling("journal");
        Files.delete(other.resolveSibling("lock"));
        Files.writeString(other, "kept");
        try (WriteLock lock = WriteLock.take(git, "apply", Duration.ZERO)) {
            assertThat(other.resolveSibling("lock")).exists();
        }
        assertThat(other).hasContent("kept");
        assertThat(other.resolveSibling("lock")).doesNotExist();
        try (WriteLock none = WriteLock.take((Workspace) null, "status")) {
            assertThat(git.resolve("patchpin")).exists();
        }
    }
}
