package io.patchpin.history;

import static io.patchpin.history.HistoryDocs.assertEveryCommitAsVerify;
import static io.patchpin.history.HistoryDocs.row;
import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.LayeredSets.LANG_PATCH;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * history reuses a verdict at a commit where nothing the entry depends on changed; a detail that names the
 * revision (a component or a TheRock layer missing there) names the commit shown, as verify --rev there says,
 * not the commit where the verdict was first checked.
 */
class HistoryReusedDetailsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aReusedComponentMissingNamesTheCommitShown(@TempDir Path tmp) throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo);
            addHip(mine, repo);
            String from = ex.repo().head();
            ex.repo().git("rm", "-q", SYSTEMS);
            ex.repo().git("commit", "-q", "-m", "drop rocm-systems");
            // neither touches the component's gitlink or .gitmodules: the verdict is kept from the drop
            ex.change(".", "a readme", Map.of("README.md", "TheRock\n"));
            String last = ex.change(".", "a longer readme", Map.of("README.md", "TheRock\nand more\n"));

            JsonNode doc = history(mine, repo, from);
            assertEveryCommitAsVerify(doc, mine, repo);
            JsonNode hip = row(doc, "mine/hip");
            assertThat(lastOf(hip, "verdicts")).isEqualTo("COMPONENT_MISSING");
            assertThat(lastOf(hip, "details")).endsWith("in the revision " + last.substring(0, 12));
        }
    }

    @Test
    void aReusedLayerMissingNamesTheCommitShownHereAndAboveIt(@TempDir Path tmp) throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String patch = "patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch";
            String from = ex.change(".", "patches for amd-mainline", Map.of(patch, LANG_PATCH));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            addHip(mine, repo);
            ex.repo().delete("patches").commitStaged("drop amd-mainline patches");
            ex.change(".", "a readme", Map.of("README.md", "TheRock\n"));
            String last = ex.change(".", "a longer readme", Map.of("README.md", "TheRock\nand more\n"));

            JsonNode doc = history(mine, repo, from);
            assertEveryCommitAsVerify(doc, mine, repo);
            String missing = "layer therock:amd-mainline: no patches/amd-mainline at " + last.substring(0, 12);
            JsonNode layer = row(doc, "layer:amd-mainline/amd-mainline");
            assertThat(lastOf(layer, "verdicts")).isEqualTo("LAYER_MISSING");
            assertThat(lastOf(layer, "details")).startsWith(missing + ":");
            assertThat(lastOf(row(doc, "mine/hip"), "details")).endsWith("; below it, " + missing);
        }
    }

    private static void addHip(String set, String repo) {
        Entries.rewrite(
                set,
                repo,
                ROCPROFILER_CMAKE,
                "project(rocprofiler-sdk",
                "project(rocprofiler_sdk",
                "--id",
                "hip",
                "--component",
                SYSTEMS);
    }

    private static String lastOf(JsonNode row, String field) {
        JsonNode all = row.get(field);
        return all.get(all.size() - 1).asText();
    }

    private static JsonNode history(String set, String repo, String from) throws Exception {
        Cli.Run r = Cli.run("history", set, "--repo", repo, "--from", from, "--to", "HEAD", "--format", "json");
        assertThat(r.exit()).as(r.err()).isIn(0, 1, 3);
        return JSON.readTree(r.out());
    }
}
