package io.patchpin.history;

import static io.patchpin.history.HistoryDocs.assertEveryCommitAsVerify;
import static io.patchpin.history.HistoryDocs.row;
import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

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
 * A file an entry edits, renamed upstream: verify --rev names the new path in the FILE_MISSING detail (git's rename
 * detection since the base); history must say the same at every commit, though it reads the revisions through its
 * own cache.
 */
class HistoryRenameHintTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT =
            "#!/bin/sh\nset -e\necho configuring\ncmake -S . -B build\ncmake --build build\necho built\n";

    @Test
    void historyNamesTheRenamedFileAsVerifyDoes(@TempDir Path tmp) throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String from = ex.change(".", "a setup script", Map.of("tools/setup.sh", SCRIPT));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo);
            Entries.rewrite(
                    mine,
                    repo,
                    "tools/setup.sh",
                    "cmake --build build",
                    "cmake --build build --parallel",
                    "--id",
                    "par",
                    "--component",
                    ".");
            ex.repo().git("mv", "tools/setup.sh", "tools/configure.sh");
            ex.repo().git("commit", "-q", "-m", "rename the setup script");
            ex.change(".", "a readme", Map.of("README.md", "TheRock\n"));

            Cli.Run r = Cli.run("history", mine, "--repo", repo, "--from", from, "--to", "HEAD", "--format", "json");
            assertThat(r.exit()).as(r.err()).isIn(0, 1, 3);
            JsonNode doc = JSON.readTree(r.out());
            assertEveryCommitAsVerify(doc, mine, repo);
            JsonNode details = row(doc, "mine/par").get("details");
            assertThat(details.get(details.size() - 1).asText()).contains("renamed to tools/configure.sh");
        }
    }
}
