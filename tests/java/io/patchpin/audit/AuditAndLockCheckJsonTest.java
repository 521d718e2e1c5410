package io.patchpin.audit;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON of {@code audit} and {@code lock check} on one work tree that has a bit of everything: a component
 * holding an entry as a commit, one at a local commit, an uncommitted edit, and an entry not applied.
 */
class AuditAndLockCheckJsonTest {
    static final String PRE_HOOK = TheRockFixture.PRE_HOOK;
    static final String OPTS = TheRockFixture.LLVM_OPTIONS;
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    Repo work;
    String repo;
    Path lock;
    String top;
    String llvm;
    String halfLocal;

    @BeforeEach
    void setUp() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        work = fx.cloneWorkTree("work");
        repo = work.dir().toString();
        lock = tmp.resolve("pins/ws.lock.toml");
        ok("lock", "--repo", repo, "-o", lock);
        top = tmp.resolve("patchsets/top").toString();
        llvm = tmp.resolve("patchsets/llvm").toString();
        ok("new", top, "--repo", repo);
        Entries.nvptx(top, repo);
        ok("new", llvm, "--repo", repo);
        Entries.rewrite(
                llvm, repo, OPTS, "COMPILE_JOBS \"\"", "COMPILE_JOBS \"8\"", "--id", "jobs", "--component", LLVM);
        ok("apply", llvm, "--repo", repo, "--commit");
        Repo half = Repo.at(work.dir().resolve(HALF));
        half.commitStaged("local");
        halfLocal = half.head();
        work.write(
                SYSTEMS + "/projects/rocprofiler-sdk/CMakeLists.txt",
                "project(rocprofiler-sdk)\nadd_subdirectory(mine)\n");
    }

    @Test
    void auditJsonCarriesEveryKindOfFinding() throws Exception {
        Cli.Run run = Cli.run("audit", top, llvm, "--repo", repo, "--lock", lock, "--format", "json");
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        JsonNode doc = JSON.readTree(run.out());
        assertThat(doc.fieldNames())
                .toIterable()
                .containsExactly(
                        "components", "wrong_commit", "patched", "unrecorded", "not_applied", "explained", "clean");
        assertThat(doc.get("components").asInt()).isEqualTo(6);
        assertThat(doc.get("clean").asBoolean()).isFalse();
        assertThat(doc.get("wrong_commit")).singleElement().satisfies(w -> {
            assertThat(w.get("component").asText()).isEqualTo(HALF);
            assertThat(w.get("checked_out").asText()).isEqualTo(halfLocal);
        });
        assertThat(doc.get("patched")).singleElement().satisfies(p -> {
            assertThat(p.get("component").asText()).isEqualTo(LLVM);
            assertThat(p.get("holds")).hasSize(1);
            assertThat(p.get("holds").get(0).asText()).contains("jobs");
        });
        assertThat(doc.get("unrecorded")).singleElement().satisfies(u -> {
            assertThat(u.get("component").asText()).isEqualTo(SYSTEMS);
            assertThat(u.get("file").asText()).isEqualTo("projects/rocprofiler-sdk/CMakeLists.txt");
            assertThat(u.get("lines").get(0).asText()).isEqualTo("2");
        });
        assertThat(doc.get("not_applied")).singleElement().satisfies(n -> {
            assertThat(n.get("patchset").asText()).isEqualTo("top");
            assertThat(n.get("id").asText()).isEqualTo("nvptx");
            assertThat(n.get("kind").asText()).isEqualTo("rewrite");
            assertThat(n.get("component").asText()).isEqualTo(".");
            assertThat(n.get("verdict").asText()).isEqualTo("EXACT");
        });

        Cli.Run text = Cli.run("audit", top, llvm, "--repo", repo, "--lock", lock);
        assertThat(text.exit()).isEqualTo(1);
        assertThat(text.out()).contains("wrong commit  " + HALF, "not applied   top/nvptx", "unrecorded    " + SYSTEMS);
    }

    @Test
    void lockCheckJsonCarriesFindingsWithTheirFilesAndThePatchedComponents() throws Exception {
        Git.run(work.dir(), "submodule", "deinit", "-q", "--force", HALF);
        Cli.Run run = Cli.run("lock", "check", lock, "--repo", repo, llvm, "--format", "json");
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        JsonNode doc = JSON.readTree(run.out());
        assertThat(doc.fieldNames()).toIterable().containsExactly("ok", "checked", "findings", "patched");
        assertThat(doc.get("ok").asBoolean()).isFalse();
        assertThat(doc.get("checked").asInt()).isEqualTo(6);
        JsonNode findings = doc.get("findings");
        assertThat(findings.findValuesAsText("path")).containsExactly(HALF, SYSTEMS);
        assertThat(findings.get(0).get("kind").asText()).isEqualTo("uninitialised");
        assertThat(findings.get(0).get("files")).isEmpty();
        assertThat(findings.get(1).get("kind").asText()).isEqualTo("dirty");
        assertThat(findings.get(1).get("files")).singleElement().satisfies(f -> assertThat(f.asText())
                .isEqualTo("projects/rocprofiler-sdk/CMakeLists.txt"));
        assertThat(doc.get("patched")).singleElement().satisfies(p -> {
            assertThat(p.get("path").asText()).isEqualTo(LLVM);
            assertThat(p.get("head").asText()).hasSize(40);
            assertThat(p.get("holds").get(0).asText()).contains("jobs");
        });

        Cli.Run one = Cli.ok("lock", "check", lock, "--repo", repo, llvm, "--component", LLVM, "--format", "json");
        assertThat(JSON.readTree(one.out()).get("ok").asBoolean()).isTrue();
    }
}
