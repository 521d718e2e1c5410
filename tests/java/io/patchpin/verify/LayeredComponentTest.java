package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.LayeredSets;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --component} limits the layers too: found on TheRock, where a superproject-only user has none of the
 * submodules TheRock's own patches are on checked out, and {@code apply --component .} refused for them.
 */
class LayeredComponentTest {
    @TempDir
    Path tmp;

    @Test
    void componentLeavingATheRockLayerNoEntryDoesNotMakeItMissing() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            ex.change(
                    ".",
                    "patches for amd-mainline",
                    Map.of(
                            "patches/amd-mainline/" + SYSTEMS + "/0001-lang.patch",
                            "--- a/" + ROCPROFILER_CMAKE + "\n+++ b/" + ROCPROFILER_CMAKE + "\n@@ -1,2 +1,2 @@\n"
                                    + "-project(rocprofiler-sdk)\n+project(rocprofiler-sdk LANGUAGES CXX)\n"
                                    + " add_subdirectory(external)\n"));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            LayeredSets.addNvptx(mine, repo);
            for (String format : new String[] {"text", "json", "github", "sarif"}) {
                Cli.Run v =
                        Cli.ok("verify", mine, "--repo", repo, "--rev", "HEAD", "--component", ".", "--format", format);
                // SARIF lists every verdict among its rules: only a result of it would be wrong there
                assertThat(v.out())
                        .as(format)
                        .doesNotContain(format.equals("sarif") ? "\"ruleId\" : \"LAYER_MISSING\"" : "LAYER_MISSING")
                        .doesNotContain("0001-lang");
            }
        }
    }

    @Test
    void componentLimitsTheLayersEntriesOfApplyAndVerify() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", shared, "--repo", repo);
            LayeredSets.addNvptx(shared, repo);
            Entries.rewrite(
                    shared,
                    repo,
                    ROCPROFILER_CMAKE,
                    "project(rocprofiler-sdk)",
                    "project(rocprofiler-sdk LANGUAGES CXX)",
                    "--id",
                    "lang",
                    "--component",
                    SYSTEMS);
            ok("new", mine, "--repo", repo, "--layer", "../shared");
            LayeredSets.addSpirv(mine, repo);
            ex.repo().git("submodule", "deinit", "-q", "-f", SYSTEMS);

            Cli.Run both = Cli.ok("apply", mine, "--repo", repo, "--component", ".", "--with-layers");
            assertThat(both.out()).doesNotContain("lang", SYSTEMS);
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX;SPIRV");
            ok("revert", mine, "--repo", repo, "--component", ".");
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX\"");

            // the layer's superproject part in place is enough for the superproject part of the set above
            Cli.ok("apply", mine, "--repo", repo, "--component", ".");
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX;SPIRV");

            Cli.Run verify = Cli.ok("verify", mine, "--repo", repo, "--rev", "HEAD", "--component", ".");
            assertThat(verify.out()).doesNotContain("lang", SYSTEMS);
            assertThat(LayeredPatchsetTest.verdicts(mine, repo, "HEAD"))
                    .containsExactly(
                            Map.entry("layer:shared/nvptx", "EXACT"),
                            Map.entry("layer:shared/lang", "EXACT"),
                            Map.entry("mine/spirv", "EXACT"));
        }
    }
}
