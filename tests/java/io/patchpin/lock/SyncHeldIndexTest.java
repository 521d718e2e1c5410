package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockWorkTest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** sync while a git beside us holds a component's index.lock: refused before anything moves. */
class SyncHeldIndexTest extends TheRockWorkTest {
    @Test
    void aHeldIndexLockRefusesTheSyncBeforeAnythingMoves() throws Exception {
        String newHalf =
                fx.half.write("include/half.hpp", "#define HALF_VERSION 3\n").commit("half 3");
        fx.therock.bumpSubmodule(HALF, newHalf);
        fx.therock.commit("bump half");
        work.git("fetch", "-q", "origin");
        Path lock = tmp.resolve("new.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "--rev", "origin/main", "-o", lock);
        Repo half = Repo.at(work.dir().resolve(HALF));
        String halfBefore = half.head();
        String superBefore = work.head();
        Path held = Path.of(half.git("rev-parse", "--absolute-git-dir")).resolve("index.lock");
        Files.writeString(held, "");

        Cli.Run sync = Cli.run("sync", "--repo", work.dir(), lock);

        // before: exit 70, the superproject moved to the new commit and base/half left behind
        assertThat(sync.exit()).as(sync.err()).isEqualTo(75);
        assertThat(sync.err()).contains(HALF).contains("index.lock").contains("nothing touched");
        assertThat(sync.err()).doesNotContain("\tat ");
        assertThat(work.head()).isEqualTo(superBefore);
        assertThat(work.git("symbolic-ref", "HEAD")).isEqualTo("refs/heads/main");
        assertThat(half.head()).isEqualTo(halfBefore);
        assertThat(Files.exists(held)).isTrue();
        Files.delete(held);
        Cli.ok("sync", "--repo", work.dir(), lock);
        assertThat(half.head()).isEqualTo(newHalf);
    }
}
