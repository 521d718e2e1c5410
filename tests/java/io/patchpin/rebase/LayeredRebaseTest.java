package io.patchpin.rebase;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.LayeredSets.LANG_PATCH;
import static io.patchpin.testkit.LayeredSets.verdicts;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.LayeredSets;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rebase of layered sets: checked and resealed on the tree the layers leave at the new base, never on a guess. */
class LayeredRebaseTest {
    @TempDir
    Path tmp;

    @Test
    void aLayeredSetIsResealedOnTheTreeItsLayerLeavesAtTheNewBase() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            LayeredSets.sharedAndMine(shared, mine, repo);
            String onto = ex.change(".", "hook: a comment", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "# more\n"));

            Cli.Run r = Cli.ok("rebase", mine, "--repo", repo, "--onto", "HEAD");
            // the anchor is found only on the layer's result: the pristine file has no "X86;NVPTX"
            assertThat(r.out()).contains("spirv [rewrite] APPLIES -> resealed", "base is now " + onto);
            assertThat(verdicts(mine, repo, onto))
                    .containsExactly(Map.entry("layer:shared/nvptx", "APPLIES"), Map.entry("mine/spirv", "EXACT"));
            assertThat(Files.readString(Path.of(mine, "patchset.toml"), StandardCharsets.UTF_8))
                    .startsWith("format = 2\n")
                    .contains("layers = [\"../shared\"]", "base = \"" + onto + "\"");
        }
    }

    @Test
    void aLayerThatFailsUnderAnEntryStopsTheRebaseAndNamesTheLayer() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            LayeredSets.sharedAndMine(shared, mine, repo);
            String before = Files.readString(Path.of(mine, "patchset.toml"), StandardCharsets.UTF_8);
            ex.change(
                    ".", "hook: ARM", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;AArch64")));

            Cli.Run r = Cli.run("rebase", mine, "--repo", repo, "--onto", "HEAD");
            assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
            assertThat(r.out())
                    .contains(
                            "layer:shared/nvptx [rewrite] ANCHOR_MISSING -> layer",
                            "spirv [rewrite] ANCHOR_MISSING -> conflict: not checked: below it, layer:shared entry"
                                    + " 'nvptx' is ANCHOR_MISSING at the new base",
                            "nothing written");
            assertThat(Files.readString(Path.of(mine, "patchset.toml"), StandardCharsets.UTF_8))
                    .isEqualTo(before);
            // dropping the entry the layer blocks lets the rest through; the layer is still reported
            Files.writeString(Path.of(mine, ".rebase", "spirv", "DROP"), "", StandardCharsets.UTF_8);
            Cli.Run dropped = Cli.run("rebase", mine, "--repo", repo, "--continue");
            assertThat(dropped.exit()).as(dropped.out() + dropped.err()).isEqualTo(3);
            assertThat(dropped.out())
                    .contains(
                            "layer:shared/nvptx [rewrite] ANCHOR_MISSING -> layer",
                            "spirv [rewrite] RESOLVED -> dropped");
            assertThat(Files.readString(Path.of(mine, "patchset.toml"), StandardCharsets.UTF_8))
                    .doesNotContain("spirv")
                    .contains("layers = [\"../shared\"]");
        }
    }

    @Test
    void aLayerThatFailsOnlyElsewhereLetsTheSetBeRebasedAndSaysSo() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            LayeredSets.sharedAndMine(shared, mine, repo);
            LayeredSets.addLlvm21(shared, repo);
            String onto = ex.change(
                    ".", "LLVM 22", Map.of(COMPILER_CMAKE, "# Version configuration\nset(LLVM_VERSION 22)\n"));

            Cli.Run r = Cli.run("rebase", mine, "--repo", repo, "--onto", "HEAD", "--format", "json");
            assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(3);
            assertThat(r.out())
                    .contains("\"id\" : \"layer:shared/llvm21\"", "\"action\" : \"layer\"", "\"written\" : true");
            assertThat(verdicts(mine, repo, onto))
                    .containsEntry("mine/spirv", "EXACT")
                    .containsEntry("layer:shared/llvm21", "ANCHOR_MISSING");
        }
    }

    @Test
    void aTheRockLayerIsTheOneTheNewBaseHolds() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String patch = "patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch";
            // lines below the patched one, so that a change at the end leaves the context of its line alone
            ex.change(
                    SYSTEMS,
                    "rocprofiler: more",
                    Map.of(ROCPROFILER_CMAKE, ex.read(SYSTEMS, ROCPROFILER_CMAKE) + "# a\n# b\n# c\n"));
            ex.change(".", "patches for amd-mainline", Map.of(patch, LANG_PATCH));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            LayeredSets.addHip(mine, repo);
            String onto = ex.change(
                    SYSTEMS,
                    "rocprofiler: tests",
                    Map.of(ROCPROFILER_CMAKE, ex.read(SYSTEMS, ROCPROFILER_CMAKE) + "add_subdirectory(tests)\n"));

            Cli.Run r = Cli.ok("rebase", mine, "--repo", repo, "--onto", "HEAD");
            assertThat(r.out()).contains("hip [rewrite] APPLIES -> resealed");
            assertThat(verdicts(mine, repo, onto))
                    .containsExactly(
                            Map.entry("layer:amd-mainline/" + SYSTEMS + "/0001-languages", "APPLIES"),
                            Map.entry("mine/hip", "EXACT"));

            // upstream takes the line TheRock's patch changes: the layer conflicts, and the entry on it is not guessed
            ex.change(
                    SYSTEMS,
                    "rocprofiler: C",
                    Map.of(
                            ROCPROFILER_CMAKE,
                            ex.read(SYSTEMS, ROCPROFILER_CMAKE)
                                    .replace("project(rocprofiler-sdk)", "project(rocprofiler-sdk C)")));
            String before = Files.readString(Path.of(mine, "patchset.toml"), StandardCharsets.UTF_8);
            Cli.Run broken = Cli.run("rebase", mine, "--repo", repo, "--onto", "HEAD");
            assertThat(broken.exit()).as(broken.out() + broken.err()).isEqualTo(1);
            assertThat(broken.out())
                    .contains(
                            "layer:amd-mainline/" + SYSTEMS + "/0001-languages [patch] CONFLICT -> layer",
                            "hip [rewrite] CONFLICT -> conflict: not checked: below it, layer:amd-mainline/" + SYSTEMS
                                    + " entry '0001-languages' is CONFLICT at the new base");
            assertThat(Files.readString(Path.of(mine, "patchset.toml"), StandardCharsets.UTF_8))
                    .isEqualTo(before);

            // TheRock drops the folder: the layer is reported missing, and the entry is checked without it
            Cli.ok("rebase", mine, "--repo", repo, "--abort");
            ex.repo().git("rm", "-q", "-r", "patches");
            ex.repo().git("commit", "-q", "-m", "drop amd-mainline patches");
            Cli.Run missing = Cli.run("rebase", mine, "--repo", repo, "--onto", "HEAD");
            assertThat(missing.exit()).as(missing.out() + missing.err()).isEqualTo(1);
            assertThat(missing.out())
                    .contains(
                            "layer:amd-mainline [patch] LAYER_MISSING -> layer: layer therock:amd-mainline: no"
                                    + " patches/amd-mainline at ",
                            "hip [rewrite] ANCHOR_MISSING -> conflict");
        }
    }
}
