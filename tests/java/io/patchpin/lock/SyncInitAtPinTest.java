package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockWorkTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * sync initialising, on a fresh clone, a component whose pin is not its
 * branch tip and whose tip has other nested submodules than the pin.
 */
class SyncInitAtPinTest extends TheRockWorkTest {
    @Test
    void initialisesANestedComponentAtACommitBehindItsTip() {
        Path lock = tmp.resolve("l.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "-o", lock);
        String pinned = fx.systems.head();
        // upstream moves on: its tip gains another nested submodule and a file where the pin has none
        Repo deep = Repo.init(tmp.resolve("upstream/ROCm/deep")).write("deep.txt", "deep\n");
        deep.commit("deep");
        fx.systems
                .addSubmodule("deep", deep)
                .write("projects/new.txt", "new\n")
                .delete("projects/rocprofiler-sdk/CMakeLists.txt")
                .commit("rocm-systems: deep");
        Git.run(tmp, "clone", "-q", fx.therock.url(), "fresh");
        Path fresh = tmp.resolve("fresh");
        // the lock's file:// URLs may be fetched from only where git config allows it, as for git submodules
        Repo.at(fresh).config("protocol.file.allow", "always");

        Cli.Run sync = Cli.run("sync", "--repo", fresh, lock);

        // before: "Checkout conflict with file: Cannot delete file: deep", exit 1
        assertThat(sync.exit()).as(sync.err()).isZero();
        Repo sys = Repo.at(fresh.resolve(SYSTEMS));
        assertThat(sys.head()).isEqualTo(pinned);
        assertThat(sys.git("status", "--porcelain", "--ignore-submodules=none")).isEmpty();
        assertThat(fresh.resolve(SYSTEMS + "/deep")).doesNotExist();
        assertThat(fresh.resolve(SYSTEMS + "/projects/new.txt")).doesNotExist();
        assertThat(fresh.resolve(PERFETTO + "/BUILD.gn")).exists();
        Cli.ok("lock", "check", "--repo", fresh, lock);
    }
}
