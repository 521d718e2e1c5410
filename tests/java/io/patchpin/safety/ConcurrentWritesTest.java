package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Settings;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two writing commands on one work tree at once: one waits for the other, or gives up naming it; no edit is lost. */
class ConcurrentWritesTest {
    private static final int FILES = 8;
    private static final int LINES = 60;

    @TempDir
    Path tmp;

    @Test
    void twoAppliesAtOnceLoseNoEdit() throws Exception {
        Repo repo = Repo.init(tmp.resolve("work"));
        for (int f = 0; f < FILES; f++) {
            StringBuilder b = new StringBuilder();
            for (int l = 0; l < LINES; l++) {
                b.append("a").append(l).append("=0\nb").append(l).append("=0\n");
            }
            repo.write("f" + f + ".txt", b.toString());
        }
        repo.commit("base");
        Path a = patchset(repo, "a");
        Path b = patchset(repo, "b");
        int lost = 0;
        for (int round = 0; round < 6; round++) {
            repo.git("checkout", "-q", "--", ".");
            CompletableFuture<Cli.Run> ra =
                    CompletableFuture.supplyAsync(() -> Cli.run("apply", a, "--repo", repo.dir()));
            CompletableFuture<Cli.Run> rb =
                    CompletableFuture.supplyAsync(() -> Cli.run("apply", b, "--repo", repo.dir()));
            lost += lostEdits(repo, ra.get(), "a") + lostEdits(repo, rb.get(), "b");
        }
        assertThat(lost).isZero();
        // no lock, journal or temp file is left: only the record of what apply wrote, for revert
        try (var left = Files.list(tmp.resolve("work/.git/patchpin"))) {
            assertThat(left.map(p -> p.getFileName().toString()).toList()).containsExactly("applied");
        }
    }

    @Test
    void aSecondCommandWaitsThenNamesTheHolder() throws Exception {
        Repo repo = Repo.init(tmp.resolve("held")).write("x.txt", "x\n");
        repo.commit("base");
        Path ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        try (WriteLock held = WriteLock.take(repo.dir().resolve(".git"), "sync", Duration.ZERO)) {
            long start = System.nanoTime();
            Cli.Run apply = Cli.run("apply", ps, "--repo", repo.dir());
            assertThat(apply.exit()).isEqualTo(75);
            assertThat(apply.errLines()).hasSize(1);
            assertThat(apply.err())
                    .contains("busy")
                    .contains("sync")
                    .contains("pid " + ProcessHandle.current().pid());
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isGreaterThanOrEqualTo(
                            Settings.of(System.getProperties()).lockWait().minusMillis(100));
        }
        Cli.ok("apply", ps, "--repo", repo.dir());
    }

    @Test
    void aLockLeftByADeadProcessIsBroken() throws Exception {
        Repo repo = Repo.init(tmp.resolve("stale")).write("x.txt", "x\n");
        repo.commit("base");
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Path ps = tmp.resolve("ps2");
        // authoring locks the patchset's folder, tree commands the workspace: a dead holder of either is broken
        Path setLock = Files.createDirectories(ps).resolve(WriteLock.PATCHSET_LOCK);
        Files.writeString(
                setLock, "pid = " + dead.pid() + "\nstarted = unknown\ncommand = add\n", StandardCharsets.UTF_8);
        Cli.ok("new", ps, "--repo", repo.dir());
        assertThat(setLock).doesNotExist();
        Path lock = Files.createDirectories(repo.dir().resolve(".git/patchpin")).resolve("lock");
        Files.writeString(
                lock, "pid = " + dead.pid() + "\nstarted = unknown\ncommand = apply\n", StandardCharsets.UTF_8);
        Cli.ok("apply", ps, "--repo", repo.dir());
        assertThat(lock).doesNotExist();
    }

    /**
     * Edits of {@code set} missing from the tree although its apply said it
     * succeeded. The second apply of a pair usually waits for the first, then
     * refuses the first set's edits as unexplained: a refusal, not a loss. On a loaded machine it may instead
     * give up waiting for the lock (exit 75, busy): also a refusal of the whole set.
     */
    private static int lostEdits(Repo repo, Cli.Run run, String set) {
        if (run.exit() != 0) {
            assertThat(run.exit()).as(run.err()).isIn(1, 75);
            assertThat(run.err()).containsAnyOf("busy", "nothing written"); // refused as a whole: nothing of it is lost
            return 0;
        }
        int lost = 0;
        for (int f = 0; f < FILES; f++) {
            String text = repo.read("f" + f + ".txt");
            for (int l = 0; l < LINES; l += 6) {
                lost += text.contains(set + l + "=1\n") ? 0 : 1;
            }
        }
        return lost;
    }

    private Path patchset(Repo repo, String set) throws Exception {
        Path ps = tmp.resolve("ps-" + set);
        Cli.ok("new", ps, "--repo", repo.dir());
        List<String> script = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
            for (int l = 0; l < LINES; l += 6) {
                script.add("sed -i 's/^" + set + l + "=0$/" + set + l + "=1/' f" + f + ".txt");
            }
        }
        Path sed = tmp.resolve(set + ".sh");
        Files.write(sed, script, StandardCharsets.UTF_8);
        Cli.ok("import-sed", ps, "--repo", repo.dir(), "--script", sed);
        return ps;
    }
}
