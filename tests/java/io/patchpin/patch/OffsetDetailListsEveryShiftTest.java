package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.check.Evidence;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The defect "OFFSET detail of a 46-hunk patch lists all 28 shifts on one
 * line" (Electron's nan patches): the text summarises the shifts by offset,
 * the JSON evidence keeps every hunk.
 */
class OffsetDetailListsEveryShiftTest {
    @TempDir
    Path tmp;

    @Test
    void manyShiftedHunksAreCountedByOffset() throws IOException {
        Repo repo = Repo.init(tmp.resolve("ws"));
        repo.write("nan.h", blocks(false, false)).commit("base");
        repo.write("nan.h", blocks(true, false));
        Path patch = tmp.resolve("nan.patch");
        Files.writeString(patch, Git.run(repo.dir(), "diff") + "\n", StandardCharsets.UTF_8);
        repo.write("nan.h", blocks(false, false));
        Path set = tmp.resolve("set");
        Cli.ok("new", set, "--repo", repo.dir());
        Entries.add("patch", set, repo.dir(), "--component", ".", patch, "--id", "nan");
        String rev = repo.write("nan.h", blocks(false, true)).commit("upstream adds 12 lines before block 19");

        Cli.Run text = Cli.run("verify", set, "--repo", repo.dir(), "--rev", rev);
        assertThat(text.out()).contains("OFFSET").contains("46 hunk(s) apply; 28 shifted by +12");
        assertThat(text.out()
                        .lines()
                        .filter(l -> l.contains("nan "))
                        .findFirst()
                        .orElseThrow())
                .doesNotContain("hunk #19");

        Cli.Run json = Cli.run("verify", set, "--repo", repo.dir(), "--rev", rev, "--format", "json");
        JsonNode hunks = new ObjectMapper()
                .readTree(json.out())
                .path("patchsets")
                .get(0)
                .path("entries")
                .get(0)
                .path("evidence")
                .path("hunks");
        assertThat(hunks).hasSize(46);
        assertThat(hunks.get(18).path("offset").asInt()).isEqualTo(12);
        assertThat(hunks.get(17).path("offset").asInt()).isZero();
    }

    @Test
    void fewShiftsAreStillNamedOneByOne() {
        List<Evidence.HunkOutcome> two = List.of(
                new Evidence.HunkOutcome("f", 1, 10, 13, 3, 0, Optional.empty()),
                new Evidence.HunkOutcome("f", 2, 40, 40, 0, 0, Optional.empty()));
        assertThat(PatchChecker.shifts(two)).isEqualTo("shifted: f hunk #1 at 13 (offset 3)");
    }

    /** 46 blocks of 10 lines; {@code edited}: line 5 of each changed; {@code moved}: 12 lines before block 19. */
    private static String blocks(boolean edited, boolean moved) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < 46; k++) {
            if (moved && k == 18) {
                for (int m = 0; m < 12; m++) {
                    b.append("// upstream ").append(m).append('\n');
                }
            }
            for (int l = 0; l < 10; l++) {
                b.append(l == 4 && edited ? "  NAN_EDITED(" + k + ");" : "  block_" + k + "_line_" + l + "();")
                        .append('\n');
            }
        }
        return b.toString();
    }
}
