package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.Verification;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify --format github and sarif on a real workspace whose work tree broke some entries. */
class CiReportsTest {
    @TempDir
    static Path tmp;

    static Repo work;
    static Path set;
    static Path toml;

    /** 30 numbered lines; the patch changes lines 2 and 25 (two hunks). */
    static String numbered() {
        return IntStream.rangeClosed(1, 30).mapToObj(i -> "line " + i + "\n").collect(Collectors.joining());
    }

    @BeforeAll
    static void setUp() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        work = fx.cloneWorkTree("work");
        work.write("numbers.txt", numbered()).commit("numbers");
        set = tmp.resolve("patchsets/gfx1103");
        toml = PatchsetStore.tomlOf(set);
        Cli.ok("new", set, "--repo", repo());
        Entries.rewrite(
                set, repo(), "compiler/pre_hook_amd-llvm.cmake", "AMDGPU;X86", "AMDGPU;X86;NVPTX", "--id", "nvptx");
        Entries.rewrite(
                set, repo(), "compiler/CMakeLists.txt", "LLVM_VERSION 20", "LLVM_VERSION 21", "--id", "still-fine");
        Path patch = tmp.resolve("numbers.patch");
        Files.writeString(
                patch,
                "--- a/numbers.txt\n+++ b/numbers.txt\n@@ -1,4 +1,4 @@\n line 1\n-line 2\n+line two\n"
                        + " line 3\n line 4\n@@ -23,5 +23,5 @@\n line 23\n line 24\n-line 25\n+line twenty-five\n line 26\n line 27\n");
        Entries.add("patch", set, repo(), "--component", ".", patch, "--id", "numbers");
        Entries.add(
                "insert",
                set,
                repo(),
                "--file",
                "ml-libs/CMakeLists.txt",
                "--after",
                "ExternalProject_Add(ck",
                "--text",
                "  # gfx1103",
                "--id",
                "ck-note");
        // the work tree moves on: the NVPTX anchor is gone, line 25 changed under the patch, the insert's context
        // drifted
        work.write("compiler/pre_hook_amd-llvm.cmake", "set(LLVM_TARGETS_TO_BUILD \"all\" CACHE STRING \"\")\n");
        work.write("numbers.txt", numbered().replace("line 25\n", "line XXV\n"));
        work.write("ml-libs/CMakeLists.txt", work.read("ml-libs/CMakeLists.txt").replace("-DFOO=1", "-DFOO=2"));
    }

    static String repo() {
        return work.dir().toString();
    }

    static int entryLine(String id) throws IOException {
        List<String> lines = Files.readAllLines(toml);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals("id = \"" + id + "\"")) {
                assertThat(lines.get(i - 1)).isEqualTo("[[entry]]");
                return i;
            }
        }
        throw new AssertionError(id);
    }

    @Test
    void githubAnnotatesBrokenFirstAtTheEntryOrFailingHunkLine() throws IOException {
        Cli.Run r = Cli.run("verify", set, "--repo", repo(), "--format", "github");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        String file = GithubReport.property(Findings.relative(Path.of(""), toml));
        String patchFile = GithubReport.property(Findings.relative(Path.of(""), set.resolve("0003-numbers.patch")));
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0))
                .isEqualTo("::error file=" + file + ",line=" + entryLine("nvptx") + ",title=ANCHOR_MISSING nvptx::"
                        + GithubReport.data(verdictDetail(r, "nvptx")));
        assertThat(lines.get(1)).startsWith("::error file=" + patchFile + ",line=9,title=CONFLICT numbers::");
        assertThat(lines.get(2))
                .startsWith("::warning file=" + file + ",line=" + entryLine("ck-note") + ",title=DRIFTED ck-note::");
        assertThat(Files.readAllLines(set.resolve("0003-numbers.patch")).get(8)).startsWith("@@ -23,5");
    }

    static String verdictDetail(Cli.Run github, String id) {
        Cli.Run json = Cli.run("verify", set, "--repo", repo(), "--format", "json");
        try {
            for (JsonNode e : new ObjectMapper()
                    .readTree(json.out())
                    .get("patchsets")
                    .get(0)
                    .get("entries")) {
                if (e.get("id").asText().equals(id)) {
                    return e.get("detail").asText();
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError(id + " not in " + github.out());
    }

    @Test
    void annotationsEscapePercentCommaColonAndLineBreaks() {
        EntryVerdict v = new EntryVerdict(
                "odd,id:1",
                Entry.Kind.REWRITE,
                ".",
                List.of("a"),
                Verdict.AMBIGUOUS,
                "100% sure: 7 matches, sealed 2\r\nsecond line",
                Evidence.NONE,
                true,
                null);
        Finding f = new Finding("set", Optional.empty(), v, new Finding.Location("dir,with:odd%/patchset.toml", 7));
        assertThat(GithubReport.render(List.of(f)))
                .isEqualTo("::error file=dir%2Cwith%3Aodd%25/patchset.toml,line=7,"
                        + "title=AMBIGUOUS odd%2Cid%3A1::100%25 sure: 7 matches, sealed 2%0D%0Asecond line\n");
        assertThat(GithubReport.summary(List.of(f), null))
                .contains("| AMBIGUOUS | set | odd,id:1 | . | dir,with:odd%/patchset.toml:7 | "
                        + "100% sure: 7 matches, sealed 2 second line |\n");
    }

    @Test
    void summaryTableListsEveryEntryBrokenFirst() {
        Cli.Run json = Cli.run("verify", set, "--repo", repo());
        assertThat(json.exit()).isEqualTo(1);
        Verification.Result result;
        try (Workspace ws = Workspace.open(work.dir(), null)) {
            result =
                    Verification.run(ws, new Verification.Request(List.of(set), Optional.empty(), ComponentFilter.ALL));
        }
        String md = GithubReport.summary(Findings.of(result.run(), result.report(), Path.of("")), null);
        assertThat(md).startsWith("### patchpin verify at the work tree\n\n2 broken, 1 to review, 1 ok\n\n| verdict |");
        List<String> rows = md.lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| verdict") && !l.startsWith("| ---"))
                .toList();
        assertThat(rows)
                .extracting(l -> l.split(" \\| ")[0])
                .containsExactly("| ANCHOR_MISSING", "| CONFLICT", "| DRIFTED", "| EXACT");
    }

    @Test
    void sarifIsValidAgainstTheOfficialSchema() throws IOException {
        Cli.Run r = Cli.run("verify", set, "--repo", repo(), "--format", "sarif");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        JsonNode sarif = new ObjectMapper().readTree(r.out());
        Schema schema;
        try (InputStream in = CiReportsTest.class.getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4)
                    .getSchema(in);
        }
        assertThat(schema.validate(sarif)).isEmpty();
        JsonNode run = sarif.get("runs").get(0);
        assertThat(run.get("tool").get("driver").get("name").asText()).isEqualTo("patchpin");
        assertThat(run.get("tool").get("driver").get("rules")).hasSize(Verdict.values().length);
        // what GitHub's SARIF rules ask of a tool and its rules, beyond the schema
        assertThat(run.get("tool").get("driver").get("version").asText()).isNotBlank();
        assertThat(run.get("tool").get("driver").get("informationUri").asText()).startsWith("https://");
        for (JsonNode rule : run.get("tool").get("driver").get("rules")) {
            assertThat(rule.get("fullDescription").get("text").asText())
                    .as(rule.toString())
                    .endsWith(".");
            assertThat(rule.get("help").get("text").asText()).isNotBlank();
            assertThat(rule.get("help").get("markdown").asText())
                    .startsWith("**" + rule.get("id").asText() + "**");
            assertThat(rule.get("helpUri").asText()).startsWith("https://");
            assertThat(rule.get("name").asText()).matches("[A-Z][A-Za-z]+");
        }
        JsonNode results = run.get("results");
        assertThat(results).hasSize(3);
        assertThat(results.get(0).get("ruleId").asText()).isEqualTo("ANCHOR_MISSING");
        assertThat(results.get(0).get("level").asText()).isEqualTo("error");
        assertThat(results.get(2).get("level").asText()).isEqualTo("warning");
        String base = PatchsetStore.read(set).base().orElseThrow();
        assertThat(results.get(1)
                        .get("partialFingerprints")
                        .get("patchpinEntry/v1")
                        .asText())
                .isEqualTo("gfx1103/numbers@" + base);
        assertThat(results.get(1)
                        .get("locations")
                        .get(0)
                        .get("physicalLocation")
                        .get("region")
                        .get("startLine")
                        .asInt())
                .isEqualTo(9);

        JsonNode broken = sarif.deepCopy();
        ((ObjectNode) broken).put("version", "2.0");
        assertThat(schema.validate(broken)).as("the schema check can fail").isNotEmpty();
    }
}
