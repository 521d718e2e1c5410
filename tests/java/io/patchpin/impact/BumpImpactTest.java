package io.patchpin.impact;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.SANITIZER_HEADER;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * lock diff with patchset folders on a nested workspace: the upstream commits of a bump that touch the
 * entries' files (the same as git log OLD..NEW -- FILES), the lines near each entry, renames followed,
 * and the verdicts at NEW with the commit that caused them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BumpImpactTest {
    private static final String MOVED_HEADER = "compiler-rt/lib/sanitizer_common/posix_limits.h";

    private Path tmp;

    /** One workspace and its bump for the class's tests, which only read them. */
    private WorkTree ex;

    private Bump b;

    @BeforeAll
    void bumpOnce(@TempDir Path dir) {
        tmp = dir;
        ex = TheRockFixture.create(tmp).workTree("therock");
        b = bump(ex);
    }

    @AfterAll
    void closeWorkTree() {
        ex.close();
    }

    @Test
    void namesTheCommitsThatTouchTheEntriesAndWhatTheyDid() throws Exception {
        Cli.Run text = Cli.run("lock", "diff", "--repo", b.repo, b.old, b.now, b.set);
        assertThat(text.exit()).as(text.err()).isEqualTo(1); // jobs lost its anchor
        assertThat(text.out())
                .contains(
                        PERFETTO + "  ",
                        "2 commits touch 1 of your 1 edit; 0 still apply, `gn` DRIFTED by " + b.near.substring(0, 12))
                .contains(
                        b.near.substring(0, 12) + " ",
                        "perfetto: group body",
                        "p/gn  BUILD.gn  APPLIES -> DRIFTED  (1 change, 1 near it)")
                .contains("        -}", "        +} # closed")
                .contains(LLVM + "  ", "renamed   " + SANITIZER_HEADER + " -> " + MOVED_HEADER)
                .contains("`jobs` ANCHOR_MISSING by " + b.jobs.substring(0, 12) + " \"llvm: jobs default 4\"")
                .contains("broken  p/jobs  ANCHOR_MISSING by " + b.jobs.substring(0, 12))
                .contains("p/termio  " + SANITIZER_HEADER + " -> " + MOVED_HEADER + "  EXACT -> FILE_MISSING")
                .contains("p/termio  " + MOVED_HEADER
                        + "  FILE_MISSING -> FILE_MISSING  (1 change, its place not found before it)")
                .doesNotContain("perfetto: docs (Upstream)");

        JsonNode doc = new ObjectMapper()
                .readTree(Cli.run("lock", "diff", "--repo", b.repo, "--format", "json", b.old, b.now, b.set)
                        .out());
        assertThat(doc.get("moved")).isNotEmpty(); // the lock diff's own fields stay
        JsonNode perfetto = component(doc, PERFETTO);
        assertThat(hashes(perfetto)).isEqualTo(gitLog(ex.dir().resolve(PERFETTO), perfetto));
        JsonNode far = perfetto.get("commits").get(0).get("entries").get(0);
        assertThat(far.get("place_known").asBoolean()).isTrue();
        assertThat(far.get("lines")).isEmpty(); // line 12 is far from the anchor on line 1
        assertThat(far.get("changes").asInt()).isEqualTo(1);
        JsonNode near = perfetto.get("commits").get(1).get("entries").get(0);
        assertThat(near.get("lines").get(0).get("old_start").asInt()).isEqualTo(2);
        JsonNode llvm = component(doc, LLVM);
        assertThat(hashes(llvm)).isEqualTo(gitLog(ex.dir().resolve(LLVM), llvm)).hasSize(3);
        assertThat(llvm.get("renamed").get(SANITIZER_HEADER).asText()).isEqualTo(MOVED_HEADER);
        assertThat(llvm.get("entries").get(0).get("cause").asText()).isEqualTo(b.jobs);
        assertThat(llvm.get("entries").get(0).get("at_old").asText()).isEqualTo("EXACT");
        assertThat(component(doc, ".").get("commits")).hasSize(1);
        assertThat(doc.get("impact").get("summary").get("broken").asInt()).isEqualTo(2);
        assertThat(doc.get("impact").get("summary").get("review").asInt()).isEqualTo(1);

        JsonNode byRevisions = new ObjectMapper()
                .readTree(Cli.run(
                                "lock",
                                "diff",
                                "--repo",
                                b.repo,
                                "--format",
                                "json",
                                "--from",
                                b.oldRev,
                                "--to",
                                "HEAD",
                                b.set)
                        .out());
        assertThat(byRevisions.get("impact").get("components").toString())
                .isEqualTo(doc.get("impact").get("components").toString());
    }

    @Test
    void markdownHasATablePerComponentWithGithubLinks() throws Exception {
        String url = "https://github.com/ROCm/llvm-project.git";
        String lock = Files.readString(b.now, StandardCharsets.UTF_8);
        String llvmUrl = ex.repo()
                .git("config", "-f", ".gitmodules", "submodule." + LLVM + ".url")
                .strip();
        Path onGithub = Files.writeString(
                tmp.resolve("github.lock.toml"),
                lock.replace("\"" + llvmUrl + "\"", "\"" + url + "\""),
                StandardCharsets.UTF_8);
        Cli.Run md = Cli.run("lock", "diff", "--repo", b.repo, "--format", "markdown", b.old, onGithub, b.set);
        assertThat(md.exit()).as(md.err()).isEqualTo(1);
        assertThat(md.out())
                .contains(
                        "## Lock diff",
                        "| `" + PERFETTO + "` | moved |",
                        "### `" + LLVM + "` ",
                        "| commit | subject | entries touched | lines near the entry |",
                        "[`" + b.jobs.substring(0, 12) + "`](https://github.com/ROCm/llvm-project/commit/" + b.jobs
                                + ")",
                        "| `p/jobs` | EXACT | **ANCHOR_MISSING** |",
                        "2 broken at `");
        assertThat(md.out()).doesNotContain("](file:");
    }

    @Test
    void withoutFoldersTheDiffIsAsBeforeAndMarkdownIsATable() throws Exception {
        Cli.Run md = Cli.run("lock", "diff", "--format", "markdown", b.old, b.now);
        assertThat(md.exit()).isEqualTo(1);
        assertThat(md.out())
                .startsWith("| component | change | old | new | commits |")
                .contains("| `" + LLVM + "` | moved |");
        Cli.Run missing = Cli.run("lock", "diff", "--from", "HEAD");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.errLines()).singleElement().asString().contains("--from and --to go together");
    }

    private record Bump(String repo, String set, Path old, Path now, String oldRev, String near, String jobs) {}

    /** A set of four entries on three components, sealed and locked, then upstream moves under them. */
    private Bump bump(WorkTree ex) {
        String repo = ex.dir().toString();
        ex.change(PERFETTO, "perfetto body", Map.of("BUILD.gn", gn("}", "x")));
        String set = tmp.resolve("patchsets/p").toString();
        ok("new", set, "--repo", repo);
        Entries.nvptx(set, repo);
        Entries.jobs(set, repo);
        Entries.rewrite(
                set,
                repo,
                SANITIZER_HEADER,
                "struct_termio_sz;",
                "struct_termio_sz; // unused",
                "--id",
                "termio",
                "--component",
                LLVM);
        Entries.gn(set, repo);
        Path old = lock(repo, "old.lock.toml");
        String oldRev = ex.repo().head();
        ex.change(PERFETTO, "perfetto: tail", Map.of("BUILD.gn", gn("}", "y")));
        ex.change(PERFETTO, "perfetto: docs", Map.of("README.md", "docs\n"));
        ex.change(PERFETTO, "perfetto: group body", Map.of("BUILD.gn", gn("} # closed", "y")));
        String near = Repo.at(ex.dir().resolve(PERFETTO)).head();
        ex.change(LLVM, "llvm: unrelated", Map.of("README.txt", "llvm\n"));
        ex.change(
                LLVM,
                "llvm: jobs default 4",
                Map.of(LLVM_OPTIONS, ex.read(LLVM, LLVM_OPTIONS).replace("JOBS \"\"", "JOBS \"4\"")));
        String jobs = Repo.at(ex.dir().resolve(LLVM)).head();
        ex.move(LLVM, SANITIZER_HEADER, MOVED_HEADER, "llvm: move the posix limits header");
        ex.change(
                LLVM,
                "llvm: more limits",
                Map.of(MOVED_HEADER, ex.read(LLVM, MOVED_HEADER) + "extern unsigned more;\n"));
        ex.change(".", "superproject: hook", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "set(MORE ON)\n"));
        return new Bump(repo, set, old, lock(repo, "new.lock.toml"), oldRev, near, jobs);
    }

    /** perfetto's BUILD.gn: the group on line 1, its closing line on 2, and a tail whose line 12 changes. */
    private static String gn(String close, String tail) {
        StringBuilder b = new StringBuilder("group(\"perfetto\") {\n" + close + "\n");
        for (int i = 3; i <= 11; i++) {
            b.append("# line ").append(i).append('\n');
        }
        return b.append("# tail ").append(tail).append('\n').toString();
    }

    private Path lock(String repo, String name) {
        Path out = tmp.resolve(name);
        ok("lock", "--repo", repo, "-o", out);
        return out;
    }

    private static JsonNode component(JsonNode doc, String path) {
        for (JsonNode c : doc.get("impact").get("components")) {
            if (c.get("path").asText().equals(path)) {
                return c;
            }
        }
        throw new AssertionError("no component " + path + " in " + doc);
    }

    private static List<String> hashes(JsonNode component) {
        List<String> out = new ArrayList<>();
        component.get("commits").forEach(c -> out.add(c.get("commit").asText()));
        return out;
    }

    /** C git's answer, oldest first: git log --format=%H OLD..NEW -- FILES. */
    private static List<String> gitLog(Path dir, JsonNode component) {
        List<String> args = new ArrayList<>(List.of(
                "log",
                "--reverse",
                "--format=%H",
                component.get("old").asText() + ".." + component.get("new").asText(),
                "--"));
        component.get("files").forEach(f -> args.add(f.asText()));
        return Arrays.stream(Repo.at(dir).git(args.toArray(String[]::new)).split("\n"))
                .filter(s -> !s.isBlank())
                .toList();
    }
}
