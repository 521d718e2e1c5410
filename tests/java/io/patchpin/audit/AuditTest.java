package io.patchpin.audit;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** audit: explained vs unrecorded vs not applied, and components off their lock. */
class AuditTest {

    @TempDir
    Path tmp;

    @Test
    void tellsExplainedFromUnrecordedAndNamesWhatIsNotApplied() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            Path root = ex.dir();
            String repo = root.toString();
            String set = root.resolve("patchsets/gfx1103").toString();
            Cli.ok("new", set, "--repo", repo);
            Entries.nvptx(set, repo);
            Entries.jobs(set, repo);

            Cli.Run fresh = Cli.run("audit", set, "--repo", repo);
            assertThat(fresh.exit()).isEqualTo(1);
            assertThat(fresh.out())
                    .contains("not applied   gfx1103/nvptx", "not applied   gfx1103/jobs")
                    .doesNotContain("unrecorded    ");

            Cli.ok("apply", set, "--repo", repo);
            Cli.Run applied = Cli.ok("audit", set, "--repo", repo);
            assertThat(applied.out()).contains("2 changed file(s) explained, 0 unrecorded, 0 entries not applied");

            Path perfetto = root.resolve(PERFETTO).resolve("BUILD.gn");
            Files.writeString(
                    perfetto, ex.read(PERFETTO, "BUILD.gn").replace("{\n}", "{\n} # ours"), StandardCharsets.UTF_8);
            Files.writeString(
                    root.resolve(PRE_HOOK),
                    ex.read(".", PRE_HOOK) + "set(MINE ON)\nset(YOURS ON)\n",
                    StandardCharsets.UTF_8);
            Files.writeString(root.resolve("stray.txt"), "x\n", StandardCharsets.UTF_8);
            Cli.Run dirty = Cli.run("audit", set, "--repo", repo);
            assertThat(dirty.exit()).isEqualTo(1);
            assertThat(dirty.out())
                    .contains(
                            "unrecorded    .: " + PRE_HOOK + ": 4-5",
                            "unrecorded    .: stray.txt: new file",
                            "unrecorded    " + PERFETTO + ": BUILD.gn: 2",
                            "1 changed file(s) explained, 3 unrecorded");
            JsonNode doc = new ObjectMapper()
                    .readTree(Cli.run("audit", set, "--repo", repo, "--format", "json")
                            .out());
            assertThat(doc.get("unrecorded")).hasSize(3);
            assertThat(doc.get("clean").asBoolean()).isFalse();
        }
    }

    @Test
    void namesComponentsAtAnotherCommitThanLocked() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            Path lock = tmp.resolve("ws.lock.toml");
            Cli.ok("lock", "--repo", repo, "-o", lock);
            Cli.ok("audit", "--repo", repo, "--lock", lock);
            ex.change(LLVM, "llvm moves", Map.of(LLVM_OPTIONS, "# moved\n"));
            Cli.Run r = Cli.run("audit", "--repo", repo, "--lock", lock);
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.out()).contains("wrong commit  compiler/amd-llvm: at ", "wrong commit  .: at ");
        }
    }
}
