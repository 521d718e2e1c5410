package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static io.patchpin.testkit.TheRockFixture.ZLIB;

import io.patchpin.core.Hashes;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LockTest {
    @TempDir
    Path tmp;

    @Test
    void sameInputGivesByteIdenticalLocksFromWorkTreeAndFromBarePlusMirror() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        Cli.Run first = Cli.run("lock", "--repo", work.dir());
        Cli.Run second = Cli.run("lock", "--repo", work.dir());
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).isEqualTo(second.out());
        Path bare = fx.bareSuperproject("bare.git");
        Path mirror = fx.mirror();
        Path out = tmp.resolve("bare.lock.toml");
        Cli.Run fromBare = Cli.ok("lock", "--repo", bare, "--mirror-dir", mirror, "-o", out);
        assertThat(fromBare.out()).isEmpty();
        assertThat(Files.readString(out, StandardCharsets.UTF_8)).isEqualTo(first.out());
        assertThat(first.out())
                .doesNotContain("\r")
                .contains("path = \"" + ZLIB + "\"")
                .contains("commit = \"" + fx.zlib.head() + "\"")
                .contains("branch = \"rocm\"");
        Lock lock = LockFile.read(out);
        assertThat(lock.components())
                .extracting(LockEntry::path)
                .containsExactly(".", HALF, LLVM, SYSTEMS, PERFETTO, ZLIB);
        assertThat(new String(LockFile.render(lock), StandardCharsets.UTF_8)).isEqualTo(first.out());
    }

    @Test
    void missingObjectsAreNamedOnStderrMarkedInTheLockAndExitOne() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Cli.Run run = Cli.run("lock", "--repo", bare);
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).contains(SYSTEMS).contains(fx.systems.head()).contains("no local object database");
        assertThat(run.out()).contains("objects = \"missing\"").doesNotContain(PERFETTO);
    }

    @Test
    void nestedComponentsComeFromTheOverridingCommit() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        String newZlib =
                fx.zlib.write("zlib.h", "#define ZLIB_VERSION \"1.3.2\"\n").commit("zlib 1.3.2");
        fx.perfetto.bumpSubmodule("third_party/zlib", newZlib);
        String newPerfetto = fx.perfetto.commit("perfetto: zlib 1.3.2");
        Repo.at(work.dir().resolve(PERFETTO)).git("fetch", "-q", "origin");
        Repo.at(work.dir().resolve(ZLIB)).git("fetch", "-q", "origin");
        Path pins =
                writePins(work, "[override.\"" + PERFETTO + "\"]\ncommit = \"" + newPerfetto.substring(0, 9) + "\"\n");
        Cli.Run run = Cli.ok("lock", "--pins", pins);
        Lock lock = LockFile.read(write(run.out()));
        assertThat(lock.component(PERFETTO).orElseThrow().commit()).isEqualTo(newPerfetto);
        assertThat(lock.component(PERFETTO).orElseThrow().override()).isTrue();
        assertThat(lock.component(ZLIB).orElseThrow().commit()).isEqualTo(newZlib);
        assertThat(lock.component(ZLIB).orElseThrow().override()).isFalse();
        assertThat(lock.name()).contains("gfx1103");
        assertThat(lock.roots()).singleElement().satisfies(r -> assertThat(r.commit())
                .contains(work.head()));
    }

    @Test
    void followTakesTheGitmodulesBranchTipAndUnfetchedBranchesAreReported() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        fx.half.git("checkout", "-q", "-b", "rocm");
        String tip =
                fx.half.write("include/half.hpp", "#define HALF_VERSION 3\n").commit("half 3");
        Path pins = writePins(work, "[override.\"" + HALF + "\"]\nfollow = true\n");
        Cli.Run unfetched = Cli.run("lock", "--pins", pins);
        assertThat(unfetched.exit()).isEqualTo(1);
        assertThat(unfetched.out()).isEmpty();
        assertThat(unfetched.err()).contains(HALF).contains("branch 'rocm'");
        Repo.at(work.dir().resolve(HALF)).git("fetch", "-q", "origin");
        Cli.Run run = Cli.ok("lock", "--pins", pins);
        assertThat(run.out()).contains("commit = \"" + tip + "\"\noverride = true");
    }

    @Test
    void recordsTheRockSmrevDigestOfPatchedComponents() throws Exception {
        TheRockFixture fx = TheRockFixture.create(tmp);
        String p1 = "From 1\nSubject: [PATCH 1/2] one\n";
        String p2 = "From 2\nSubject: [PATCH 2/2] two\n";
        fx.therock
                .write("patches/amd-mainline/" + SYSTEMS + "/0002-two.patch", p2)
                .write("patches/amd-mainline/" + SYSTEMS + "/0001-one.patch", p1)
                .write("patches/amd-mainline/" + SYSTEMS + "/README.md", "not a patch\n")
                .write("patches/amd-mainline/no-such-project/0001-x.patch", "x\n")
                .commit("patches");
        Repo work = fx.cloneWorkTree("work");
        Cli.Run run = Cli.ok("lock", "--repo", work.dir());
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        sha1.update(p1.getBytes(StandardCharsets.UTF_8));
        sha1.update(p2.getBytes(StandardCharsets.UTF_8));
        String digest = Hashes.hex(sha1.digest());
        Lock lock = LockFile.read(write(run.out()));
        assertThat(lock.smrevs())
                .singleElement()
                .isEqualTo(new SmrevDigest(
                        "amd-mainline", SYSTEMS, SYSTEMS, 2, digest, fx.systems.head() + "+PATCHED:" + digest));
    }

    @Test
    void anOverrideBelowAComponentWithoutObjectsIsAnUnresolvedPinNotBadInput() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path pins = tmp.resolve("pins/p.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\n\n[[root]]\nname = \"TheRock\"\nurl = \"https://github.com/ROCm/TheRock.git\"\n"
                        + "ref = \"main\"\n\n[override.\"" + PERFETTO + "\"]\ncommit = \"" + fx.perfetto.head()
                        + "\"\n",
                StandardCharsets.UTF_8);
        Path out = tmp.resolve("p.lock.toml");
        Cli.Run run = Cli.run("lock", "--repo", bare, "--pins", pins, "-o", out);
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err())
                .contains(PERFETTO + ": cannot be applied: it lies in " + SYSTEMS)
                .contains("nothing written");
        assertThat(out).doesNotExist();
    }

    private Path writePins(Repo work, String overrides) {
        Path pins = tmp.resolve("pins/gfx1103.toml");
        String text = "format = 1\n\n[[root]]\nname = \"TheRock\"\nurl = \"" + "https://github.com/ROCm/TheRock.git"
                + "\"\nref = \"main\"\npath = \"" + pins.getParent().relativize(work.dir()) + "\"\n\n" + overrides;
        try {
            Files.createDirectories(pins.getParent());
            Files.writeString(pins, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pins;
    }

    private Path write(String text) throws IOException {
        Path p = Files.createTempFile(tmp, "lock", ".toml");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }
}
