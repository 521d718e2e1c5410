package io.patchpin.author;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.SANITIZER_SEED_PATCH;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entries written where their sources are not at hand: a patch on a component
 * whose objects are missing, and a set whose root has no known base (PyTorch).
 */
class UnsealedAuthoringTest {

    @TempDir
    Path tmp;

    @Test
    void aPatchOnAComponentWithoutObjectsIsStoredUnsealedAndVerifiedAsObjectsMissing() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path set = tmp.resolve("patchsets/gfx1103");
        Path patch = tmp.resolve("termio.patch");
        Files.writeString(patch, SANITIZER_SEED_PATCH, StandardCharsets.UTF_8);
        Cli.ok("new", set, "--repo", bare);

        Cli.Run add = Entries.add(
                "patch",
                set,
                bare,
                "--component",
                LLVM,
                "--directory",
                "compiler-rt/lib/sanitizer_common",
                "-p",
                "1",
                "--id",
                "sanitizer-termio",
                "--link",
                "https://github.com/llvm/llvm-project/pull/137403",
                patch);
        assertThat(add.out()).contains("unsealed");
        assertThat(add.err()).contains("warning: objects of " + LLVM + " at ").contains(" are not here");
        PatchEntry e = (PatchEntry) PatchsetStore.read(set).entries().get(0);
        assertThat(e.seal()).isEmpty();
        assertThat(e.strip()).isEqualTo(1);
        assertThat(e.files()).containsExactly("compiler-rt/lib/sanitizer_common/sanitizer_platform_limits_posix.h");
        assertThat(e.links()).containsExactly("https://github.com/llvm/llvm-project/pull/137403");
        assertThat(Files.readString(set.resolve(e.patch()), StandardCharsets.UTF_8))
                .isEqualTo(SANITIZER_SEED_PATCH);

        Cli.Run verify = Cli.run("verify", set, "--repo", bare, "--rev", "HEAD");
        assertThat(verify.exit()).isEqualTo(1);
        assertThat(verify.out())
                .contains("OBJECTS_MISSING")
                .contains("unsealed: commit " + fx.llvm.head().substring(0, 12));
    }

    @Test
    void anUnsealedPatchIsCheckedOnceTheObjectsAreThere() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        Path set = tmp.resolve("patchsets/gfx1103");
        Path patch = tmp.resolve("termio.patch");
        Files.writeString(patch, SANITIZER_SEED_PATCH.replace("-1043,4 +1043,3", "-1,4 +1,3"), StandardCharsets.UTF_8);
        Cli.run("new", set, "--repo", bare);
        Cli.run(
                "add",
                "patch",
                set,
                "--repo",
                bare,
                "--component",
                LLVM,
                "--directory",
                "compiler-rt/lib/sanitizer_common",
                "-p",
                "1",
                patch);

        Repo work = fx.cloneWorkTree("work");
        Cli.Run verify = Cli.ok("verify", set, "--repo", work.dir(), "--rev", "HEAD");
        assertThat(verify.out()).contains("APPLIES").contains("unsealed: 1 hunk(s) apply in place");
    }

    @Test
    void aSetWithoutBaseNeedsNoRepositoryAndKeepsEveryEntryUnsealed() throws IOException {
        Path set = tmp.resolve("patchsets/gfx1103-pytorch");
        Path nowhere = tmp.resolve("not-a-repo");
        Cli.ok(
                "new",
                set,
                "--no-base",
                "--repo",
                nowhere,
                "--summary",
                "PyTorch nightly",
                "--target",
                "gfx1103",
                "--env",
                "PYTORCH_ROCM_ARCH=gfx1103");

        Cli.Run add = Entries.rewrite(
                set,
                nowhere,
                "cmake/Modules/FindBLAS.cmake",
                "blis",
                "blis-mt",
                "--occurrence",
                "3",
                "--why",
                "aocl-blis ships blis-mt",
                "--link",
                "https://github.com/flame/blis");
        assertThat(add.err()).contains("base of gfx1103-pytorch is unknown");
        String toml = Files.readString(set.resolve("patchset.toml"), StandardCharsets.UTF_8);
        assertThat(toml)
                .doesNotContain("base =")
                .doesNotContain("[entry.seal]")
                .contains("summary = \"PyTorch nightly\"")
                .contains("PYTORCH_ROCM_ARCH = \"gfx1103\"");
        Patchset p = PatchsetStore.read(set);
        assertThat(p.baseKnown()).isFalse();
        assertThat(p.targets()).containsExactly("gfx1103");
        assertThat(p.entries()).extracting(Entry::links).containsExactly(List.of("https://github.com/flame/blis"));
        assertThat(PatchsetStore.render(p)).isEqualTo(toml);
    }

    @Test
    void aSetWithoutBaseIsVerifiedOnARootThatHasTheFiles() throws IOException {
        Repo pytorch = Repo.init(tmp.resolve("pytorch"))
                .write(
                        "cmake/Modules/FindBLIS.cmake",
                        "SET(BLIS_INCLUDE_SEARCH_PATHS\n /usr/include/blis\n)\nFIND_LIBRARY(BLIS_LIB NAMES blis PATHS x)\n");
        pytorch.commit("FindBLIS");
        Path set = tmp.resolve("patchsets/p");
        Cli.run("new", set, "--no-base");
        Cli.run(
                "add",
                "rewrite",
                set,
                "--file",
                "cmake/Modules/FindBLIS.cmake",
                "--id",
                "name",
                "--find",
                "NAMES blis PATHS",
                "--replace",
                "NAMES blis-mt PATHS");

        Cli.Run verify = Cli.ok("verify", set, "--repo", pytorch.dir(), "--rev", "HEAD");
        assertThat(verify.out()).contains("(base unknown)").contains("APPLIES").contains("unsealed: 1 match");
    }

    @Test
    void aSealedEntryInASetWithoutBaseIsBadInput() throws IOException {
        Path set = tmp.resolve("s");
        Files.createDirectories(set);
        String sealed = "format = 1\nname = \"s\"\n\n[[entry]]\nid = \"a\"\nkind = \"rewrite\"\ncomponent = \".\"\n"
                + "file = \"f\"\nfind = \"x\"\nreplace = \"y\"\n[entry.seal]\nbefore = \"" + "a".repeat(64)
                + "\"\nafter = \""
                + "b".repeat(64) + "\"\nmatches = 1\ncontext = []\ndigest = \"" + "c".repeat(64) + "\"\n";
        Files.writeString(set.resolve("patchset.toml"), sealed, StandardCharsets.UTF_8);

        Cli.Run verify = Cli.run("verify", set);

        assertThat(verify.exit()).isEqualTo(2);
        assertThat(verify.err()).contains("sealed but the patchset has no base");
    }

    @Test
    void newRefusesABadEnvAndLinksMustBeUrls() {
        Path set = tmp.resolve("s");
        assertThat(Cli.run("new", set, "--no-base", "--env", "NOEQUALS").err()).contains("is not K=V");
        assertThat(Cli.run("new", set, "--no-base", "--rev", "HEAD").exit()).isEqualTo(2);
        Cli.run("new", set, "--no-base");
        Cli.Run add =
                Cli.run("add", "rewrite", set, "--file", "f", "--find", "a", "--replace", "b", "--link", "not a url");
        assertThat(add.exit()).isEqualTo(2);
        assertThat(add.err()).contains("is not an http(s) URL");
    }
}
