package io.patchpin.history;

import static io.patchpin.history.HistoryDocs.assertEveryCommitAsVerify;
import static io.patchpin.history.HistoryDocs.changes;
import static io.patchpin.history.HistoryDocs.rows;
import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.SANITIZER_HEADER;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.LayeredSets;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.verify.Ancestry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * history weighs an entry's upstream commit against its pin at every commit, as verify's upstream gate does:
 * ALREADY_APPLIED while the edit got there some other way (a cherry-pick), MERGED from the commit whose pin holds
 * the upstream commit, for an entry of a submodule (its pin the gitlink) and of the superproject (its pin the
 * commit itself). Along the line, each merge leaves the edited file's blob as the cherry-pick left it, so a verdict
 * kept by blob alone would stay ALREADY_APPLIED.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HistoryUpstreamGateTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JOBS_FIND = "LLVM_PARALLEL_LINK_JOBS \"\"";
    private static final String JOBS_REPLACE = "LLVM_PARALLEL_LINK_JOBS \"2\"";

    @TempDir
    Path tmp;

    /**
     * The line every test reads, built once: no test writes to it (their patchsets and pages go to {@link #tmp},
     * one folder for the class, under names of their own).
     */
    private Line l;

    /** The line's commits, and the two upstream commits (on side branches) its merges bring in. */
    private record Line(
            String repo,
            String base,
            String superFix,
            String llvmFix,
            String superPicked,
            String llvmPicked,
            String superMerged,
            String llvmMerged,
            String arm) {}

    @BeforeAll
    void buildTheLine(@TempDir Path upstream) {
        l = line(upstream);
    }

    @Test
    void historyShowsMergedWhereVerifyDoesForASubmoduleAndASuperprojectEntry() throws Exception {
        String set = tmp.resolve("patchsets/up").toString();
        ok("new", set, "--repo", l.repo(), "--rev", l.base());
        addJobs(set, l);
        addLlvm21(set, l);

        JsonNode doc = history(set, l);
        assertThat(rows(doc)).containsExactly("up/jobs", "up/llvm21");
        assertEveryCommitAsVerify(doc, set, l.repo());
        assertThat(changes(doc, "up/jobs"))
                .containsExactly(l.llvmPicked() + " ALREADY_APPLIED", l.llvmMerged() + " MERGED");
        assertThat(changes(doc, "up/llvm21"))
                .containsExactly(l.superPicked() + " ALREADY_APPLIED", l.superMerged() + " MERGED");
        // the superproject entry's pin is each commit: its detail names that commit, never one checked before it
        JsonNode llvm21 = HistoryDocs.row(doc, "up/llvm21");
        for (int c = 0; c < doc.get("commits").size(); c++) {
            String commit = doc.get("commits").get(c).get("commit").asText();
            assertThat(llvm21.get("details").get(c).asText()).contains("(" + commit.substring(0, 12) + ")");
        }

        Cli.Run text = Cli.ok("history", set, "--repo", l.repo(), "--from", l.base(), "--to", "HEAD");
        assertThat(text.out()).contains("ALREADY_APPLIED -> MERGED");
        Path html = tmp.resolve("h.html");
        Cli.run(
                "history",
                set,
                "--repo",
                l.repo(),
                "--from",
                l.base(),
                "--to",
                "HEAD",
                "--format",
                "html",
                "-o",
                "" + html);
        assertThat(Files.readString(html, StandardCharsets.UTF_8)).contains("MERGED", "is in this pin");
    }

    @Test
    void layeredHistoryShowsMergedWhereVerifyDoesAndKeepsTheLayersBlame() throws Exception {
        String shared = tmp.resolve("patchsets/shared").toString();
        String mine = tmp.resolve("patchsets/mine").toString();
        ok("new", shared, "--repo", l.repo(), "--rev", l.base());
        LayeredSets.addNvptx(shared, l.repo());
        addLlvm21(shared, l);
        ok("new", mine, "--repo", l.repo(), "--rev", l.base(), "--layer", "../shared");
        LayeredSets.addSpirv(mine, l.repo());
        addJobs(mine, l);

        JsonNode doc = history(mine, l);
        assertThat(rows(doc)).containsExactly("layer:shared/nvptx", "layer:shared/llvm21", "mine/spirv", "mine/jobs");
        assertEveryCommitAsVerify(doc, mine, l.repo());
        assertThat(changes(doc, "mine/jobs"))
                .containsExactly(l.llvmPicked() + " ALREADY_APPLIED", l.llvmMerged() + " MERGED");
        assertThat(changes(doc, "layer:shared/llvm21"))
                .containsExactly(l.superPicked() + " ALREADY_APPLIED", l.superMerged() + " MERGED");
        // the gate once made verify drop what the failing layer says in the entries above it
        assertThat(LayeredSets.verify(mine, l.repo(), l.arm())
                        .get("mine/spirv")
                        .get("detail")
                        .asText())
                .contains("below it, layer:shared entry 'nvptx' is ANCHOR_MISSING here");
    }

    @Test
    void rememberedAncestryAnswersAsOneWalkPerQuestionInAnyOrder() throws Exception {
        Path git = Path.of(l.repo(), ".git");
        for (Path dir : List.of(git, git.resolve("modules").resolve(LLVM))) {
            try (Repository repo =
                    new FileRepositoryBuilder().setGitDir(dir.toFile()).build()) {
                List<ObjectId> commits = new ArrayList<>();
                for (String id : Repo.at(dir).git("rev-list", "--all").split("\n")) {
                    commits.add(ObjectId.fromString(id));
                }
                List<ObjectId> reversed = new ArrayList<>(commits);
                Collections.reverse(reversed);
                RememberedAncestry remembered = new RememberedAncestry();
                Ancestry walk = Ancestry.walk();
                for (List<ObjectId> tips : List.of(commits, reversed, commits)) {
                    for (ObjectId commit : commits) {
                        for (ObjectId tip : tips) {
                            assertThat(remembered.holds(repo, tip, commit))
                                    .as("%s in %s", commit.name(), tip.name())
                                    .isEqualTo(walk.holds(repo, tip, commit));
                        }
                    }
                }
            }
        }
    }

    /**
     * From the base: a readme; an unrelated LLVM bump; the superproject's fix cherry-picked; LLVM's fix
     * cherry-picked; the superproject's fix branch merged; LLVM's fix branch merged; a readme; the LLVM hook's
     * targets changed (the layered fixture's nvptx then fails).
     */
    private static Line line(Path root) {
        TheRockFixture fx = TheRockFixture.create(root);
        Repo top = fx.cloneWorkTree("ws");
        Repo llvm = Repo.at(top.dir().resolve(LLVM));
        String base = top.head();
        String l0 = llvm.head();

        top.git("checkout", "-q", "-b", "fix");
        String superFix = top.write(
                        COMPILER_CMAKE, top.read(COMPILER_CMAKE).replace("LLVM_VERSION 20", "LLVM_VERSION 21"))
                .commit("LLVM 21");
        top.git("checkout", "-q", "main");
        llvm.git("checkout", "-q", "-b", "fix");
        String llvmFix = llvm.write(LLVM_OPTIONS, llvm.read(LLVM_OPTIONS).replace(JOBS_FIND, JOBS_REPLACE))
                .commit("[cmake] default link jobs to 2");
        llvm.git("checkout", "-q", "-b", "line", l0);

        top.write("README.md", "TheRock\n").commit("a readme");
        llvm.write(SANITIZER_HEADER, llvm.read(SANITIZER_HEADER) + "// unrelated\n")
                .commit("unrelated");
        top.commit("bump llvm: unrelated");
        top.git("cherry-pick", superFix);
        String superPicked = top.head();
        llvm.git("cherry-pick", llvmFix);
        String llvmPicked = top.commit("bump llvm: the fix, cherry-picked");
        top.git("merge", "-q", "--no-ff", "--no-edit", "fix");
        String superMerged = top.head();
        llvm.git("merge", "-q", "--no-edit", "fix");
        String llvmMerged = top.commit("bump llvm: the fix branch merged");
        top.write("README.md", "TheRock, again\n").commit("another readme");
        String arm = top.write(PRE_HOOK, top.read(PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;AArch64"))
                .commit("hook: ARM");
        return new Line(
                top.dir().toString(), base, superFix, llvmFix, superPicked, llvmPicked, superMerged, llvmMerged, arm);
    }

    private static void addJobs(String set, Line l) {
        Entries.rewrite(
                set,
                l.repo(),
                LLVM_OPTIONS,
                JOBS_FIND,
                JOBS_REPLACE,
                "--id",
                "jobs",
                "--component",
                LLVM,
                "--upstream-commit",
                l.llvmFix().substring(0, 12));
    }

    private static void addLlvm21(String set, Line l) {
        LayeredSets.addLlvm21(set, l.repo(), "--upstream-commit", l.superFix().substring(0, 12));
    }

    private static JsonNode history(String set, Line l) throws Exception {
        Cli.Run r = Cli.run("history", set, "--repo", l.repo(), "--from", l.base(), "--to", "HEAD", "--format", "json");
        assertThat(r.exit()).as(r.err()).isIn(0, 1, 3);
        return JSON.readTree(r.out());
    }
}
