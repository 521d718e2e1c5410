package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.LayeredSets;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Layered patchsets sealed by {@code add patch}, {@code import} and {@code capture} on the tree their layers
 * leave at the base; the seal replay and the rename hint on that tree; a missing TheRock layer never silent.
 */
class LayeredSealingTest {
    private static final String HOOK_NVPTX = "set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86;NVPTX\" CACHE STRING \"\")\n";
    private static final String HOOK_PRISTINE = "set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86\" CACHE STRING \"\")\n";
    private static final String HOOK_REST = " set(LLVM_ENABLE_RUNTIMES \"compiler-rt\")\n";
    /** Only makes sense on top of the shared layer: its context is the layer's NVPTX line. */
    private static final String SPIRV_PATCH = "--- a/" + PRE_HOOK + "\n+++ b/" + PRE_HOOK + "\n@@ -1,2 +1,2 @@\n-"
            + HOOK_NVPTX + "+" + HOOK_NVPTX.replace("NVPTX", "NVPTX;SPIRV") + HOOK_REST;
    /** Collides with the shared layer: it edits the line the layer edits, as upstream has it. */
    private static final String ARM_PATCH = "--- a/" + PRE_HOOK + "\n+++ b/" + PRE_HOOK + "\n@@ -1,2 +1,2 @@\n-"
            + HOOK_PRISTINE + "+" + HOOK_PRISTINE.replace("X86", "X86;ARM") + HOOK_REST;

    private static final String LANG_PATCH = "--- a/" + ROCPROFILER_CMAKE + "\n+++ b/" + ROCPROFILER_CMAKE + "\n"
            + "@@ -1,2 +1,2 @@\n-project(rocprofiler-sdk)\n+project(rocprofiler-sdk LANGUAGES CXX)\n add_subdirectory(external)\n";
    private static final String HIP_PATCH = LANG_PATCH
            .replace("-project(rocprofiler-sdk)", "-project(rocprofiler-sdk LANGUAGES CXX)")
            .replace("+project(rocprofiler-sdk LANGUAGES CXX)", "+project(rocprofiler-sdk LANGUAGES CXX HIP)");

    @TempDir
    Path tmp;

    @Test
    void addPatchIsSealedOnTheTreeItsLayerLeavesAndACollisionNamesTheLayerEntry() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String mine = sharedAndMine(repo);
            Path spirv = write("spirv.patch", SPIRV_PATCH);
            Path arm = write("arm.patch", ARM_PATCH);

            // without the layer, the patch's context is not at the base
            ok("new", tmp.resolve("patchsets/flat"), "--repo", repo);
            Cli.Run flat = Cli.run("add", "patch", tmp.resolve("patchsets/flat"), spirv, "--repo", repo);
            assertThat(flat.exit()).isEqualTo(2);

            Cli.Run added = Entries.add("patch", mine, repo, spirv, "--id", "spirv");
            assertThat(added.out() + added.err()).doesNotContain("unsealed");
            assertThat(toml(mine)).contains("[entry.seal]");
            assertThat(verdicts(mine, repo, "HEAD"))
                    .containsExactly(Map.entry("layer:shared/nvptx", "EXACT"), Map.entry("mine/spirv", "EXACT"));

            Cli.Run collides = Cli.run("add", "patch", mine, arm, "--repo", repo, "--id", "arm");
            assertThat(collides.exit()).as(collides.out()).isEqualTo(2);
            assertThat(collides.errLines())
                    .singleElement()
                    .asString()
                    .contains(
                            "does not apply at the base",
                            "below this set, layer:shared entry 'nvptx' edits " + PRE_HOOK);
            // a rewrite that collides with the layer names it too
            Cli.Run rewrite = Entries.tryRewrite(
                    mine, repo, PRE_HOOK, "\"AMDGPU;X86\"", "\"AMDGPU;X86;ARM\"", "--id", "arm-rewrite");
            assertThat(rewrite.exit()).isEqualTo(2);
            assertThat(rewrite.err()).contains("below this set, layer:shared entry 'nvptx' edits " + PRE_HOOK);
            assertThat(toml(mine)).doesNotContain("arm");
        }
    }

    @Test
    void importIsSealedOnTheTreeATheRockLayerLeavesAndACollisionNamesTheLayerPatch() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            ex.change(
                    ".",
                    "patches for amd-mainline",
                    Map.of("patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch", LANG_PATCH));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            write("series/0001-hip.patch", HIP_PATCH);
            Cli.Run imported =
                    Cli.ok("import", mine, "--repo", repo, "--from", tmp.resolve("series"), "--component", SYSTEMS);
            assertThat(imported.out() + imported.err()).doesNotContain("unsealed");
            assertThat(verdicts(mine, repo, "HEAD"))
                    .containsExactly(
                            Map.entry("layer:amd-mainline/" + SYSTEMS + "/0001-languages", "APPLIES"),
                            Map.entry("mine/hip", "EXACT"));

            // the CI formats read TheRock's layer from the revision too (it has no patchset.toml)
            for (String format : new String[] {"github", "sarif"}) {
                Cli.ok("verify", mine, "--repo", repo, "--rev", "HEAD", "--format", format);
            }

            write("clash/0001-lang-c.patch", LANG_PATCH.replace("LANGUAGES CXX", "LANGUAGES C"));
            Cli.Run clash =
                    Cli.run("import", mine, "--repo", repo, "--from", tmp.resolve("clash"), "--component", SYSTEMS);
            assertThat(clash.exit()).as(clash.out()).isEqualTo(2);
            assertThat(clash.err())
                    .contains("below this set, layer:amd-mainline/" + SYSTEMS + " entry '0001-languages' edits "
                            + ROCPROFILER_CMAKE);

            // where TheRock's own patch fails, a CI annotation points at its folder in the superproject
            ex.change(
                    SYSTEMS,
                    "rename the project",
                    Map.of(ROCPROFILER_CMAKE, "project(rocprof)\nadd_subdirectory(x)\n"));
            Cli.Run github = Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD", "--format", "github");
            assertThat(github.exit()).as(github.err()).isEqualTo(1);
            assertThat(github.out())
                    .contains("file=patches/amd-mainline/" + SYSTEMS + ",line=1,title=CONFLICT 0001-languages::");
        }
    }

    @Test
    void captureTakesOnlyTheUsersEditsOverTheLayersInTheWorkTree() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String mine = sharedAndMine(repo);
            ok("apply", tmp.resolve("patchsets/shared"), "--repo", repo);
            Path hook = ex.dir().resolve(PRE_HOOK);
            Files.writeString(
                    hook, ex.read(".", PRE_HOOK).replace("X86;NVPTX", "X86;NVPTX;SPIRV"), StandardCharsets.UTF_8);

            Cli.Run captured = Cli.ok("capture", mine, "--repo", repo);
            assertThat(captured.out() + captured.err()).doesNotContain("unsealed");
            String patch;
            try (var files = Files.list(Path.of(mine))) {
                Path p = files.filter(f -> f.toString().endsWith(".patch"))
                        .findFirst()
                        .orElseThrow();
                patch = Files.readString(p, StandardCharsets.UTF_8);
            }
            // the layer's edit is the patch's context, not part of it
            assertThat(patch)
                    .contains("-" + HOOK_NVPTX, "+" + HOOK_NVPTX.replace("NVPTX", "NVPTX;SPIRV"))
                    .doesNotContain("-" + HOOK_PRISTINE);
            Map<String, String> verdicts = verdicts(mine, repo, "HEAD");
            assertThat(verdicts).containsEntry("layer:shared/nvptx", "EXACT").hasSize(2);
            assertThat(verdicts.values()).containsOnly("EXACT");
        }
    }

    @Test
    void aLayerEntryThatCannotBeReplayedAtTheBaseLeavesItsFileUnknown() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            ok("new", shared, "--repo", repo);
            LayeredSets.addNvptx(shared, repo);
            // upstream moves on; mine is based there, and the shared set's anchor is gone
            ex.change(
                    ".", "hook: ARM", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;AArch64")));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "../shared");
            Files.writeString(
                    ex.dir().resolve(PRE_HOOK),
                    ex.read(".", PRE_HOOK).replace("compiler-rt\"", "compiler-rt;libunwind\"") + "# mine\n",
                    StandardCharsets.UTF_8);
            Cli.Run captured = Cli.run("capture", mine, "--repo", repo);
            assertThat(captured.exit()).as(captured.out()).isEqualTo(2);
            assertThat(captured.err()).contains("capture cannot tell your edits to this file from the layer's");
            ex.repo().git("checkout", "-q", "--", PRE_HOOK);
            Path runtimes = write(
                    "runtimes.patch",
                    "--- a/" + PRE_HOOK + "\n+++ b/" + PRE_HOOK
                            + "\n@@ -2 +2 @@\n-set(LLVM_ENABLE_RUNTIMES \"compiler-rt\")\n"
                            + "+set(LLVM_ENABLE_RUNTIMES \"compiler-rt;libunwind\")\n");
            Cli.Run added = Entries.add("patch", mine, repo, runtimes, "--id", "runtimes");
            assertThat(added.out() + added.err())
                    .contains("unsealed", "layer:shared entry 'nvptx' below it cannot be replayed at the base");
        }
    }

    @Test
    void theSealReplayRunsOnTheTreeTheLayersLeave() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String mine = sharedAndMine(repo);
            LayeredSets.addSpirv(mine, repo);
            ex.change(".", "hook: a comment", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "# more\n"));
            // replayed on the layer's tree, the entry gives its sealed result: still ok
            assertThat(verdicts(mine, repo, "HEAD"))
                    .containsExactly(Map.entry("layer:shared/nvptx", "APPLIES"), Map.entry("mine/spirv", "APPLIES"));

            Path toml = Path.of(mine, "patchset.toml");
            String text = Files.readString(toml, StandardCharsets.UTF_8);
            String after = text.replaceAll("(?s).*\\[entry.seal\\].*?\nafter = \"([0-9a-f]{64})\".*", "$1");
            assertThat(after).hasSize(64);
            Files.writeString(toml, text.replace(after, "0".repeat(64)), StandardCharsets.UTF_8);
            Cli.Run tampered = Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD");
            assertThat(tampered.exit()).isEqualTo(1);
            assertThat(tampered.out())
                    .contains("SEAL_BROKEN", "on the tree its layers leave there gives another result than sealed");
        }
    }

    @Test
    void aFileMissingAboveALayerNamesWhereUpstreamMovedIt() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String mine = sharedAndMine(repo);
            LayeredSets.addSpirv(mine, repo);
            ex.move(".", PRE_HOOK, "compiler/pre_hook_llvm.cmake", "rename the hook");
            Cli.Run r = Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD", "--format", "json");
            JsonNode sets = new ObjectMapper().readTree(r.out()).get("patchsets");
            JsonNode spirv = sets.get(1).get("entries").get(0);
            assertThat(spirv.get("verdict").asText()).isEqualTo("FILE_MISSING");
            assertThat(spirv.get("detail").asText()).contains("renamed to compiler/pre_hook_llvm.cmake");
        }
    }

    @Test
    void aMissingTheRockLayerIsReportedOnceAndNeverOk() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String before = ex.repo().head();
            ex.change(
                    ".",
                    "patches for amd-mainline",
                    Map.of("patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch", LANG_PATCH));
            Cli.Run typo =
                    Cli.run("new", tmp.resolve("patchsets/typo"), "--repo", repo, "--layer", "therock:amd-mainlin");
            assertThat(typo.exit()).isEqualTo(2);
            assertThat(typo.err()).contains("'therock:amd-mainlin': no patches/amd-mainlin with patches at");

            // a shared set on TheRock's layer, and mine on the shared set: both stand on it
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            LayeredSets.sharedAndMine(shared, mine, repo, "therock:amd-mainline");

            String head = ex.repo().delete("patches").commitStaged("drop amd-mainline patches");
            Cli.Run r = Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD", "--format", "json");
            assertThat(r.exit())
                    .as("the entries are EXACT, but the layer is gone: review")
                    .isEqualTo(3);
            JsonNode doc = new ObjectMapper().readTree(r.out());
            assertThat(verdictsOf(doc))
                    .containsExactly(
                            Map.entry("layer:amd-mainline/amd-mainline", "LAYER_MISSING"),
                            Map.entry("layer:shared/nvptx", "EXACT"),
                            Map.entry("mine/spirv", "EXACT"));
            String problem = "layer therock:amd-mainline: no patches/amd-mainline at " + head.substring(0, 12);
            JsonNode sets = doc.get("patchsets");
            assertThat(sets.get(0).get("entries").get(0).get("class").asText()).isEqualTo("review");
            assertThat(sets.get(0).get("entries").get(0).get("detail").asText()).startsWith(problem);
            assertThat(sets.get(1).get("entries").get(0).get("detail").asText()).contains("below it, " + problem);
            assertThat(sets.get(2).get("entries").get(0).get("detail").asText()).contains("below it, " + problem);
            assertThat(doc.get("summary").get("review").asInt()).isEqualTo(1);

            Cli.Run text = Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD");
            assertThat(text.out().split(problem, -1)).as(text.out()).hasSize(4); // the layer, and each entry above

            Cli.Run github = Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD", "--format", "github");
            assertThat(github.exit()).isEqualTo(3);
            assertThat(github.out())
                    .contains("file=" + Path.of(shared, "patchset.toml") + ",line=4,title=LAYER_MISSING amd-mainline::"
                            + problem);

            // in the work tree, the folder on disk is what counts
            Cli.Run workTree = Cli.run("verify", mine, "--repo", repo);
            assertThat(workTree.exit()).isEqualTo(3);
            assertThat(workTree.out()).contains("layer therock:amd-mainline: no patches/amd-mainline in the work tree");

            // sealing on a base where the layer is absent is refused, naming it
            Path toml = Path.of(shared, "patchset.toml");
            String text2 = Files.readString(toml, StandardCharsets.UTF_8);
            String base = text2.replaceAll("(?s).*\nbase = \"([0-9a-f]{40})\".*", "$1");
            Files.writeString(toml, text2.replace(base, before), StandardCharsets.UTF_8);
            Cli.Run add =
                    Entries.tryRewrite(shared, repo, PRE_HOOK, "compiler-rt", "compiler-rt;libcxx", "--id", "libcxx");
            assertThat(add.exit()).isEqualTo(2);
            assertThat(add.err())
                    .contains("layer therock:amd-mainline: no patches/amd-mainline at " + before.substring(0, 12));
        }
    }

    /** patchsets/shared (NVPTX added to the hook's targets) and patchsets/mine on it, empty; mine's folder. */
    private String sharedAndMine(String repo) {
        String shared = tmp.resolve("patchsets/shared").toString();
        String mine = tmp.resolve("patchsets/mine").toString();
        ok("new", shared, "--repo", repo);
        LayeredSets.addNvptx(shared, repo);
        ok("new", mine, "--repo", repo, "--layer", "../shared");
        return mine;
    }

    private Path write(String name, String text) {
        return Folders.write(tmp.resolve(name), text);
    }

    private static String toml(String set) throws Exception {
        return Files.readString(Path.of(set, "patchset.toml"), StandardCharsets.UTF_8);
    }

    private static Map<String, String> verdicts(String set, String repo, String rev) throws Exception {
        Cli.Run r = Cli.run("verify", set, "--repo", repo, "--rev", rev, "--format", "json");
        assertThat(r.err()).isEmpty();
        return verdictsOf(new ObjectMapper().readTree(r.out()));
    }

    private static Map<String, String> verdictsOf(JsonNode doc) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode s : doc.get("patchsets")) {
            for (JsonNode e : s.get("entries")) {
                out.put(
                        s.get("name").asText() + "/" + e.get("id").asText(),
                        e.get("verdict").asText());
            }
        }
        return out;
    }
}
