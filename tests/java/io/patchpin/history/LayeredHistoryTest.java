package io.patchpin.history;

import static io.patchpin.history.HistoryDocs.assertEveryCommitAsVerify;
import static io.patchpin.history.HistoryDocs.changes;
import static io.patchpin.history.HistoryDocs.row;
import static io.patchpin.history.HistoryDocs.rows;
import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.LayeredSets.LANG_PATCH;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

/** history of layered sets: every commit checked on the tree the layers leave there, as verify --rev checks it. */
class LayeredHistoryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void aPatchsetLayerIsCheckedAtEveryCommitAndItsOwnFilesAreInTheKey() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            LayeredSets.sharedAndMine(shared, mine, repo);
            // the layer also raises LLVM, on a file the upper set does not edit
            LayeredSets.addLlvm21(shared, repo);
            String from = ex.repo().head();
            String comment = ex.change(".", "hook: a comment", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "# more\n"));
            // only the layer's other file changes: a key of the upper set's files alone would miss it
            String llvm22 = ex.change(
                    ".", "LLVM 22", Map.of(COMPILER_CMAKE, "# Version configuration\nset(LLVM_VERSION 22)\n"));
            String arm = ex.change(
                    ".", "hook: ARM", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;AArch64")));
            ex.change(".", "hook: another comment", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "# even more\n"));

            JsonNode doc = history(mine, repo, from);
            assertThat(rows(doc)).containsExactly("layer:shared/nvptx", "layer:shared/llvm21", "mine/spirv");
            assertEveryCommitAsVerify(doc, mine, repo);
            assertThat(changes(doc, "layer:shared/llvm21")).containsExactly(llvm22 + " ANCHOR_MISSING");
            // the layer's failure is one change, and the entry above it on the same file names it from there on
            assertThat(changes(doc, "layer:shared/nvptx"))
                    .containsExactly(comment + " APPLIES", arm + " ANCHOR_MISSING");
            assertThat(changes(doc, "mine/spirv")).containsExactly(comment + " APPLIES", arm + " ANCHOR_MISSING");
            JsonNode spirv = row(doc, "mine/spirv");
            assertThat(spirv.get("transitions").get(1).get("detail").asText())
                    .contains("below it, layer:shared entry 'nvptx' is ANCHOR_MISSING here");
            assertThat(doc.get("summary").get("broken").asInt()).isEqualTo(3);

            Cli.Run text = Cli.run("history", mine, "--repo", repo, "--from", from, "--to", "HEAD");
            assertThat(text.exit()).isEqualTo(1);
            assertThat(text.out()).contains("layer:shared/nvptx (rewrite, .)", "mine/spirv (rewrite, .)");
        }
    }

    @Test
    void aTheRockLayerIsReadAtEachCommitAndItsPatchesComeAndGo() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String patch = "patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch";
            String from = ex.change(".", "patches for amd-mainline", Map.of(patch, LANG_PATCH));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            LayeredSets.addHip(mine, repo);
            ex.change(".", "a readme", Map.of("README.md", "TheRock\n"));
            // only the patch in the superproject changes (no gitlink moves): the layer's tree is in the key
            String c =
                    ex.change(".", "patch: C too", Map.of(patch, LANG_PATCH.replace("LANGUAGES CXX", "LANGUAGES C")));
            String back = ex.change(".", "patch: CXX again", Map.of(patch, LANG_PATCH));
            String second = "patches/amd-mainline/" + SYSTEMS + "/0002-more.patch";
            String added = ex.change(
                    ".",
                    "a second patch",
                    Map.of(
                            second,
                            LANG_PATCH.replace(
                                    "project(rocprofiler-sdk)\n+project(rocprofiler-sdk LANGUAGES CXX)",
                                    "add_subdirectory(nothing)\n+add_subdirectory(none)")));
            String dropped = ex.repo().delete("patches").commitStaged("drop amd-mainline patches");

            JsonNode doc = history(mine, repo, from);
            String layer = "layer:amd-mainline/" + SYSTEMS + "/";
            assertThat(rows(doc))
                    .containsExactly(
                            layer + "0001-languages",
                            layer + "0002-more",
                            "layer:amd-mainline/amd-mainline",
                            "mine/hip");
            assertEveryCommitAsVerify(doc, mine, repo);
            assertThat(changes(doc, "mine/hip"))
                    .containsExactly(c + " ANCHOR_MISSING", back + " EXACT", dropped + " ANCHOR_MISSING");
            assertThat(changes(doc, layer + "0002-more")).containsExactly(added + " CONFLICT", dropped + " null");
            assertThat(changes(doc, layer + "0001-languages")).containsExactly(dropped + " null");
            // the folder gone is reported once, as verify reports it, from the commit that drops it
            assertThat(changes(doc, "layer:amd-mainline/amd-mainline")).containsExactly(dropped + " LAYER_MISSING");
            assertThat(row(doc, layer + "0002-more").get("verdicts").get(0).isNull())
                    .isTrue();

            Cli.Run text = Cli.run("history", mine, "--repo", repo, "--from", from, "--to", "HEAD");
            assertThat(text.out())
                    .contains("(not in the layer)\n", "CONFLICT -> (not in the layer)  drop amd-mainline patches");
            Path html = tmp.resolve("h.html");
            Cli.run("history", mine, "--repo", repo, "--from", from, "--to", "HEAD", "--format", "html", "-o", html);
            assertThat(Files.readString(html, StandardCharsets.UTF_8))
                    .contains("class=\"cell absent", "not in the layer");
        }
    }

    @Test
    void layersThatCannotBeReadAreBadInputBeforeAnyCommitIsChecked() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            LayeredSets.sharedAndMine(shared, mine, repo);
            ex.change(".", "hook: a comment", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "# more\n"));
            Path sharedToml = Path.of(shared, "patchset.toml");
            Files.move(sharedToml, tmp.resolve("elsewhere.toml"));
            Path out = tmp.resolve("h.json");
            Cli.Run r = Cli.run("history", mine, "--repo", repo, "--from", "HEAD~1", "--to", "HEAD", "-o", out);
            assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
            assertThat(r.errLines()).singleElement().asString().contains("patchset.toml", "no patchset at");
            assertThat(out).doesNotExist();
        }
    }

    private static JsonNode history(String set, String repo, String from) throws Exception {
        Cli.Run r = Cli.run("history", set, "--repo", repo, "--from", from, "--to", "HEAD", "--format", "json");
        assertThat(r.exit()).as(r.err()).isIn(0, 1, 3);
        return JSON.readTree(r.out());
    }
}
