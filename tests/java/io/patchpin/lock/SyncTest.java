package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static io.patchpin.testkit.TheRockFixture.ZLIB;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SyncTest extends TheRockWorkTest {
    @Test
    void checksOutEveryComponentAtItsPinFetchingWhatIsMissing() throws Exception {
        Repo other = fx.cloneWorkTree("other");
        String newZlib =
                fx.zlib.write("zlib.h", "#define ZLIB_VERSION \"1.3.2\"\n").commit("zlib 1.3.2");
        fx.perfetto.bumpSubmodule("third_party/zlib", newZlib);
        String newPerfetto = fx.perfetto.commit("perfetto: zlib 1.3.2");
        Repo.at(work.dir().resolve(PERFETTO)).git("fetch", "-q", "origin");
        Repo.at(work.dir().resolve(ZLIB)).git("fetch", "-q", "origin");
        Path pins = tmp.resolve("pins/p.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\n[[root]]\nname = \"TheRock\"\nurl = \"x\"\nref = \"main\"\n" + "[override.\"" + PERFETTO
                        + "\"]\ncommit = \"" + newPerfetto + "\"\n",
                StandardCharsets.UTF_8);
        Path lock = tmp.resolve("p.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "--pins", pins, "-o", lock);

        // "other" has never seen the new commits: sync fetches them from the URL
        // the lock's file:// URLs may be fetched from only where git config allows it, as for git submodules
        other.config("protocol.file.allow", "always");
        Cli.Run sync = Cli.ok("sync", "--repo", other.dir(), lock);
        assertThat(sync.out()).contains("synced    " + PERFETTO).contains("synced    " + ZLIB);
        assertThat(Repo.at(other.dir().resolve(ZLIB)).head()).isEqualTo(newZlib);
        assertThat(other.read(ZLIB + "/zlib.h")).contains("1.3.2");
        Cli.ok("lock", "check", "--repo", other.dir(), lock);
        Cli.Run again = Cli.run("sync", "--repo", other.dir(), lock);
        assertThat(again.out()).contains("0 of 6 components changed");
    }

    @Test
    void initialisesSubmodulesOfAFreshCloneLikeGitDoes() {
        Path lock = tmp.resolve("l.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "-o", lock);
        Git.run(tmp, "clone", "-q", fx.therock.url(), "fresh");
        Path fresh = tmp.resolve("fresh");
        // the lock's file:// URLs may be fetched from only where git config allows it, as for git submodules
        Repo.at(fresh).config("protocol.file.allow", "always");
        Cli.ok("sync", "--repo", fresh, lock);
        Cli.ok("lock", "check", "--repo", fresh, lock);
        assertThat(Files.isDirectory(fresh.resolve(".git/modules/" + SYSTEMS))).isTrue();
        String status = Git.run(fresh, "submodule", "status", "--recursive");
        assertThat(status.lines()).hasSize(5).allMatch(l -> l.startsWith(" "));
    }

    @Test
    void refusesBeforeTouchingAnythingWhenAComponentIsDirty() {
        Path lock = lockWithNewHalf(fx, work);
        String halfBefore = Repo.at(work.dir().resolve(HALF)).head();
        work.write(LLVM + "/llvm/cmake/modules/HandleLLVMOptions.cmake", "edited\n");
        Cli.Run sync = Cli.run("sync", "--repo", work.dir(), lock);
        assertThat(sync.exit()).isEqualTo(1);
        assertThat(sync.err())
                .contains(LLVM + ": uncommitted changes: llvm/cmake/modules/HandleLLVMOptions.cmake")
                .contains("nothing touched");
        assertThat(Repo.at(work.dir().resolve(HALF)).head()).isEqualTo(halfBefore);
        assertThat(work.read(LLVM + "/llvm/cmake/modules/HandleLLVMOptions.cmake"))
                .isEqualTo("edited\n");
    }

    @Test
    void aFailureMidwayPutsEveryComponentBack() throws Exception {
        Path lock = lockWithNewHalf(fx, work);
        String text = Files.readString(lock, StandardCharsets.UTF_8).replace(fx.zlib.head(), "1".repeat(40));
        Files.writeString(lock, text, StandardCharsets.UTF_8);
        Repo half = Repo.at(work.dir().resolve(HALF));
        String halfBefore = half.head();
        String superBefore = work.head();
        work.config("protocol.file.allow", "always");
        Cli.Run sync = Cli.run("sync", "--repo", work.dir(), lock);
        assertThat(sync.exit()).isEqualTo(1);
        assertThat(sync.err()).contains(ZLIB).contains("1111111111").contains("put back");
        assertThat(half.head()).isEqualTo(halfBefore);
        assertThat(work.head()).isEqualTo(superBefore);
        assertThat(work.git("symbolic-ref", "HEAD")).isEqualTo("refs/heads/main");
        assertThat(work.git("status", "--porcelain")).isEmpty();
    }

    /** A lock of the superproject at a new commit that moves base/half; the work tree stays where it was. */
    private Path lockWithNewHalf(TheRockFixture fx, Repo work) {
        String newHalf =
                fx.half.write("include/half.hpp", "#define HALF_VERSION 3\n").commit("half 3");
        fx.therock.bumpSubmodule(HALF, newHalf);
        fx.therock.commit("bump half");
        work.git("fetch", "-q", "origin");
        Path lock = tmp.resolve("new.lock.toml");
        Cli.ok(
                "lock",
                "--repo",
                work.dir(),
                "--rev",
                "origin/main",
                "-o",
                lock); // the superproject fetch brought half's new commit on demand
        return lock;
    }
}
