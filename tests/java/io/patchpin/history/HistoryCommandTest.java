package io.patchpin.history;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.DriftingAnchor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** patchpin history through Main.run on a workspace whose perfetto drifts, then drops an entry's anchor. */
class HistoryCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @TempDir
    static Path shared;

    /**
     * 24 perfetto bumps after the set, the anchor drifting at the 8th and gone at the 16th: built once, since
     * every test only reads it (history and verify write nothing in the work tree; the pages go to {@code tmp}).
     */
    static DriftingAnchor drifting;

    @BeforeAll
    static void build() {
        drifting = DriftingAnchor.create(shared, 24);
    }

    @AfterAll
    static void close() {
        drifting.ex().close();
    }

    @Test
    void everyCommitAsVerifySeesItAndEachChangeAtItsCommit() throws Exception {
        Cli.Run r = drifting.history("--from", "HEAD~24", "--to", "HEAD", "--format", "json");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        JsonNode doc = JSON.readTree(r.out());
        assertThat(doc.get("sampled").asBoolean()).isFalse();
        assertThat(doc.get("commits")).hasSize(25);
        assertThat(doc.get("entries")).hasSize(3);
        for (int c = 0; c < 25; c += 3) {
            String commit = doc.get("commits").get(c).get("commit").asText();
            JsonNode verify = JSON.readTree(Cli.run(
                                    "verify",
                                    drifting.set(),
                                    "--repo",
                                    drifting.repo(),
                                    "--rev",
                                    commit,
                                    "--format",
                                    "json")
                            .out())
                    .get("patchsets")
                    .get(0)
                    .get("entries");
            for (int e = 0; e < 3; e++) {
                assertThat(doc.get("entries").get(e).get("verdicts").get(c).asText())
                        .as("entry %d at %d", e, c)
                        .isEqualTo(verify.get(e).get("verdict").asText());
                assertThat(doc.get("entries").get(e).get("details").get(c).asText())
                        .isEqualTo(verify.get(e).get("detail").asText());
            }
        }
        JsonNode anchor = doc.get("entries").get(1).get("transitions");
        // EXACT -> APPLIES at the first commit (the file changed elsewhere), then the two breaking changes
        assertThat(changes(anchor))
                .hasSize(3)
                .endsWith(drifting.drift() + " DRIFTED", drifting.gone() + " ANCHOR_MISSING");
        assertThat(doc.get("entries").get(0).get("transitions")).isEmpty();

        for (String[] sampling : List.of(new String[] {"--commits", "4"}, new String[] {"--every", "7"})) {
            Cli.Run sampled =
                    drifting.history("--from", "HEAD~24", "--to", "HEAD", "--format", "json", sampling[0], sampling[1]);
            JsonNode sdoc = JSON.readTree(sampled.out());
            assertThat(sdoc.get("sampled").asBoolean()).isTrue();
            assertThat(sdoc.get("checked").asInt()).isLessThan(25);
            assertThat(changes(sdoc.get("entries").get(1).get("transitions"))).isEqualTo(changes(anchor));
        }
        Cli.Run text = drifting.history("--from", "HEAD~24", "--to", "HEAD", "--commits", "5");
        assertThat(text.out())
                .contains(
                        "p/anchor (rewrite, " + PERFETTO + ")",
                        "sampled: ",
                        drifting.gone().substring(0, 12),
                        "DRIFTED -> ANCHOR_MISSING  Bump",
                        "a change that reverts between two");
    }

    @Test
    void jsonWrittenToAFileAsItIsRenderedIsTheDocumentPrintedOnStdout() throws Exception {
        String[] args = {
            "history", drifting.set(), "--repo", drifting.repo(), "--from", "HEAD~9", "--to", "HEAD", "--format", "json"
        };
        Cli.Run printed = Cli.run(args);
        Path file = tmp.resolve("out/history.json");
        String[] toFile = Arrays.copyOf(args, args.length + 2);
        toFile[args.length] = "-o";
        toFile[args.length + 1] = file.toString();
        Cli.Run written = Cli.run(toFile);
        assertThat(written.exit()).as(written.err()).isEqualTo(printed.exit()).isEqualTo(1);
        assertThat(written.out()).isEmpty();
        assertThat(Files.readString(file, StandardCharsets.UTF_8))
                .isEqualTo(printed.out())
                .endsWith("}\n");
        assertThat(JSON.readTree(printed.out()).get("entries")).hasSize(3);
        try (var left = Files.list(file.getParent())) {
            assertThat(left).containsExactly(file);
        }
    }

    @Test
    void htmlIsOnePageWithOneCellPerRunOfEqualVerdicts() throws Exception {
        Path html = tmp.resolve("out/history.html");
        Cli.Run r = drifting.history("--from", "HEAD~24", "--to", "HEAD", "--format", "html", "-o", html);
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(count(page, "<rect class=\"cell "))
                .isEqualTo(runs(drifting, "HEAD~24"))
                .isLessThan(3 * 25);
        assertThat(page).contains(" commits)");
        assertThat(page)
                .contains("default-src 'none'", "class=\"cell broken change\"", "review (drifted")
                .doesNotContain("<script", "src=", "url(", "https://");
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() {
        Path out = tmp.resolve("h.html");
        String[] base = {"history", drifting.set(), "--repo", drifting.repo(), "-o", out.toString()};
        assertBad(Cli.run(concat(base, "--from", "HEAD", "--to", "HEAD~2")), "not an ancestor");
        assertBad(Cli.run(concat(base, "--from", "nowhere", "--to", "HEAD")), "unknown revision");
        assertBad(Cli.run(concat(base, "--from", "HEAD~2", "--to", "HEAD", "--commits", "1")), "--commits");
        assertBad(Cli.run(concat(base, "--from", "HEAD~2", "--to", "HEAD", "--every", "0")), "--every");
        assertBad(
                Cli.run(concat(base, "--from", "HEAD~2", "--to", "HEAD", "--every", "2", "--commits", "3")),
                "mutually exclusive");
        assertThat(out).doesNotExist();
    }

    private static List<String> changes(JsonNode transitions) {
        List<String> out = new ArrayList<>();
        transitions.forEach(
                t -> out.add(t.get("commit").asText() + " " + t.get("to").asText()));
        return out;
    }

    private static void assertBad(Cli.Run r, String message) {
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).first().asString().contains(message);
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Cells the page should draw: per entry, one for the first commit and one per change. */
    static int runs(DriftingAnchor s, String from) throws Exception {
        Cli.Run r = s.history("--from", from, "--to", "HEAD", "--format", "json");
        int runs = 0;
        for (JsonNode e : JSON.readTree(r.out()).get("entries")) {
            runs += 1 + e.get("transitions").size();
        }
        return runs;
    }

    static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
