package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static io.patchpin.testkit.TheRockFixture.ZLIB;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sync of a fresh clone that fails after initialising submodules takes every initialisation back. */
class SyncInitRollbackTest {
    @TempDir
    Path tmp;

    TheRockFixture fx;
    Path lock;
    Path fresh;

    @BeforeEach
    void setUp() {
        fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        lock = tmp.resolve("l.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "-o", lock);
        Git.run(tmp, "clone", "-q", fx.therock.url(), "fresh");
        fresh = tmp.resolve("fresh");
        // the lock names file:// URLs, which git allows from data only when told to
        Repo.at(fresh).config("protocol.file.allow", "always");
    }

    @Test
    void aCommitFoundNowhereForTheLastComponentRemovesEverySubmoduleInitialisedBeforeIt() throws IOException {
        String text = Files.readString(lock, StandardCharsets.UTF_8).replace(fx.zlib.head(), "2".repeat(40));
        Files.writeString(lock, text, StandardCharsets.UTF_8);
        String configBefore = Files.readString(fresh.resolve(".git/config"), StandardCharsets.UTF_8);

        Cli.Run sync = Cli.run("sync", "--repo", fresh, lock, "--stacktrace");
        assertThat(sync.exit()).as(sync.err()).isEqualTo(1);
        assertThat(sync.err()).contains(ZLIB).contains("2222222222").contains("put back");
        assertUntouched(configBefore);
    }

    @Test
    void aStrayFileInASubmoduleFolderRefusesItAndTakesBackTheOnesBefore() throws IOException {
        Files.writeString(fresh.resolve(SYSTEMS + "/notes.txt"), "mine\n", StandardCharsets.UTF_8);
        String configBefore = Files.readString(fresh.resolve(".git/config"), StandardCharsets.UTF_8);

        Cli.Run sync = Cli.run("sync", "--repo", fresh, lock);
        assertThat(sync.exit()).isEqualTo(1);
        assertThat(sync.err()).contains(SYSTEMS).contains("not empty");
        assertThat(fresh.resolve(SYSTEMS + "/notes.txt")).hasContent("mine");
        assertNoModules();
        assertThat(Files.readString(fresh.resolve(".git/config"), StandardCharsets.UTF_8))
                .isEqualTo(configBefore);
        try (var half = Files.list(fresh.resolve(HALF))) {
            assertThat(half).isEmpty();
        }
    }

    /** No submodule repository is left under .git/modules (empty folders, which git ignores, may stay). */
    private void assertNoModules() throws IOException {
        Path modules = fresh.resolve(".git/modules");
        if (Files.exists(modules)) {
            try (var left = Files.walk(modules)) {
                assertThat(left.filter(p -> !Files.isDirectory(p)).map(Path::toString))
                        .isEmpty();
            }
        }
    }

    private void assertUntouched(String configBefore) throws IOException {
        assertNoModules();
        assertThat(Files.readString(fresh.resolve(".git/config"), StandardCharsets.UTF_8))
                .isEqualTo(configBefore);
        for (String path : new String[] {HALF, LLVM, SYSTEMS}) {
            try (var files = Files.list(fresh.resolve(path))) {
                assertThat(files).as(path).isEmpty();
            }
        }
        String status = Git.run(fresh, "submodule", "status");
        assertThat(status.lines()).hasSize(3).allMatch(l -> l.startsWith("-"));
        assertThat(Git.run(fresh, "status", "--porcelain")).isEmpty();
        // and the same sync goes through once the lock is right again
        Files.writeString(
                lock,
                Files.readString(lock, StandardCharsets.UTF_8).replace("2".repeat(40), fx.zlib.head()),
                StandardCharsets.UTF_8);
        Cli.ok("sync", "--repo", fresh, lock);
        Cli.ok("lock", "check", "--repo", fresh, lock);
    }
}
