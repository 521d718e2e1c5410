package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A patchpin killed with -9 leaves its lock file behind (and, for an import into a new folder, that folder with
 * nothing else in it); {@code recover} removes them, and leaves a live holder's lock and the sets' files alone.
 */
class RecoverLeavesNoLockTest {
    @TempDir
    Path tmp;

    @Test
    void recoverRemovesTheLocksAndTheEmptyFolderAKilledRunLeft() throws Exception {
        Repo work = Repo.init(tmp.resolve("w")).write("a.txt", "a\n");
        work.commit("a");
        long dead = deadPid();
        Path imported = tmp.resolve("w/patchsets/imported");
        Path rebased = tmp.resolve("w/patchsets/rebased");
        Path busy = tmp.resolve("w/patchsets/busy");
        lock(imported.resolve(".patchpin-lock"), dead, "import");
        lock(rebased.resolve(".patchpin-lock"), dead, "rebase");
        Files.writeString(rebased.resolve("patchset.toml"), "format = 1\n", StandardCharsets.UTF_8);
        lock(busy.resolve(".patchpin-lock"), ProcessHandle.current().pid(), "capture");
        lock(tmp.resolve("w/.git/patchpin/lock"), dead, "apply");

        Cli.Run run = Cli.run("recover", "--repo", work.dir().toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(imported).doesNotExist();
        assertThat(rebased.resolve(".patchpin-lock")).doesNotExist();
        assertThat(rebased.resolve("patchset.toml")).exists();
        assertThat(busy.resolve(".patchpin-lock")).exists();
        assertThat(tmp.resolve("w/.git/patchpin")).doesNotExist();
    }

    private static void lock(Path file, long pid, String command) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(
                file,
                "pid = " + pid + "\nstarted = "
                        + ProcessHandle.of(pid)
                                .flatMap(p -> p.info().startInstant())
                                .map(Object::toString)
                                .orElse("unknown")
                        + "\ncommand = " + command + "\n",
                StandardCharsets.UTF_8);
    }

    /** The pid of a process that has ended. */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}
