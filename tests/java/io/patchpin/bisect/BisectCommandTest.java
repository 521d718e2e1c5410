package io.patchpin.bisect;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.DriftingAnchor;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** patchpin bisect through Main.run on a workspace whose perfetto drops an entry's anchor midway. */
class BisectCommandTest {
    @TempDir
    Path tmp;

    @Test
    void namesTheFirstBadCommitAndRefusesBadInput() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            ex.change(PERFETTO, "perfetto anchor", Map.of(DriftingAnchor.FILE, text(0, true)));
            String repo = ex.dir().toString();
            String set = tmp.resolve("patchsets/p").toString();
            Cli.ok("new", set, "--repo", repo);
            Entries.rewrite(set, repo, COMPILER_CMAKE, "Version configuration", "Version settings", "--id", "version");
            Entries.rewrite(
                    set,
                    repo,
                    DriftingAnchor.FILE,
                    "# anchor",
                    "# anchor ok",
                    "--id",
                    "anchor",
                    "--component",
                    PERFETTO);
            String breaking = null;
            for (int i = 1; i <= 30; i++) {
                String c = ex.change(PERFETTO, "perfetto " + i, Map.of(DriftingAnchor.FILE, text(i, i < 17)));
                breaking = i == 17 ? c : breaking;
            }
            Cli.Run r =
                    Cli.run("bisect", set, "--repo", repo, "--entry", "anchor", "--good", "HEAD~30", "--bad", "HEAD");
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out())
                    .contains("first breaks at " + breaking, "Bump rocm-systems: perfetto 17", "ANCHOR_MISSING");
            Cli.Run json = Cli.run(
                    "bisect",
                    set,
                    "--repo",
                    repo,
                    "--entry",
                    "anchor",
                    "--good",
                    "HEAD~30",
                    "--bad",
                    "HEAD",
                    "--format",
                    "json");
            JsonNode doc = new ObjectMapper().readTree(json.out());
            assertThat(doc.get("commit").asText()).isEqualTo(breaking);
            assertThat(doc.get("checks").asInt()).isLessThanOrEqualTo(2 + 5);
            assertThat(doc.get("component_after").asText())
                    .isNotEqualTo(doc.get("component_before").asText());

            assertBad(
                    Cli.run("bisect", set, "--repo", repo, "--entry", "nope", "--good", "HEAD~30", "--bad", "HEAD"),
                    "no entry 'nope'");
            assertBad(
                    Cli.run("bisect", set, "--repo", repo, "--entry", "anchor", "--good", "HEAD", "--bad", "HEAD~30"),
                    "not an ancestor");
            assertBad(
                    Cli.run("bisect", set, "--repo", repo, "--entry", "anchor", "--good", "nowhere", "--bad", "HEAD"),
                    "unknown revision");
        }
    }

    @Test
    void untilBrokenPassesReviewVerdictsAndListsThem() throws Exception {
        DriftingAnchor s = DriftingAnchor.create(tmp, 24);
        try (WorkTree ex = s.ex()) {
            String[] args = {
                "bisect", s.set(), "--repo", s.repo(), "--entry", "anchor", "--good", "HEAD~24", "--bad", "HEAD"
            };
            Cli.Run first = Cli.ok(args);
            assertThat(first.out())
                    .contains("first breaks at " + s.drift(), "DRIFTED")
                    .doesNotContain("on the way");
            Cli.Run broken = Cli.ok(concat(args, "--until", "broken"));
            assertThat(broken.out())
                    .contains(
                            "first broken at " + s.gone(),
                            "ANCHOR_MISSING",
                            "on the way:",
                            s.drift().substring(0, 12) + " ",
                            "APPLIES -> DRIFTED");
            JsonNode doc = new ObjectMapper()
                    .readTree(Cli.run(concat(args, "--until", "broken", "--format", "json"))
                            .out());
            assertThat(doc.get("until").asText()).isEqualTo("broken");
            assertThat(doc.get("on_the_way")).hasSize(1);
            assertThat(doc.get("on_the_way").get(0).get("commit").asText()).isEqualTo(s.drift());
            assertThat(doc.get("on_the_way").get(0).get("to").asText()).isEqualTo("DRIFTED");
            assertBad(Cli.run(concat(args, "--until", "sometime")), "--until");

            // a --good merged in from a side branch is not on the line: refused before any check
            Path repo = Path.of(s.repo());
            Git.run(repo, "checkout", "-q", "-b", "side", "HEAD~3");
            Git.run(repo, "commit", "-q", "--allow-empty", "-m", "side work");
            String side = Git.run(repo, "rev-parse", "HEAD");
            Git.run(repo, "checkout", "-q", "-");
            Git.run(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side");
            assertBad(
                    Cli.run(
                            "bisect", s.set(), "--repo", s.repo(), "--entry", "anchor", "--good", side, "--bad",
                            "HEAD"),
                    "is not on the first-parent line");
        }
    }

    @Test
    void aReleaseTagOffTheLineIsRefusedWithTheMergeBaseToStartFrom() throws Exception {
        DriftingAnchor s = DriftingAnchor.create(tmp, 12);
        try (WorkTree ex = s.ex()) {
            String fork = ex.repo().git("rev-parse", "HEAD~10").strip();
            String release = ex.repo()
                    .git("commit-tree", "HEAD~10^{tree}", "-p", fork, "-m", "Release 1")
                    .strip();
            ex.repo().git("tag", "rel-1", release);
            Cli.Run refused = Cli.run(
                    "bisect", s.set(), "--repo", s.repo(), "--entry", "anchor", "--good", "rel-1", "--bad", "HEAD");
            assertBad(refused, "'rel-1' is not an ancestor of 'HEAD'; their merge-base is " + fork);
            assertThat(refused.err()).contains("try --good " + fork);
            Cli.Run offered =
                    Cli.ok("bisect", s.set(), "--repo", s.repo(), "--entry", "anchor", "--good", fork, "--bad", "HEAD");
            assertThat(offered.out()).contains("first breaks at " + s.drift());
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static void assertBad(Cli.Run r, String message) {
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).singleElement().asString().contains(message);
    }

    private static String text(int i, boolean anchor) {
        return "group(\"perfetto\") {\n}\n# perfetto " + (50 + i) + "\n# one\n# two\n# three\n"
                + (anchor ? "# anchor\n" : "");
    }
}
