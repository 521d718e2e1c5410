package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.ML_LIBS;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.apply.Applier;
import io.patchpin.safety.Writes;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** new, add, verify, apply and revert on a real TheRock-shaped workspace, through Main.run. */
class RewriteFlowTest extends TheRockWorkTest {
    String repo;
    String dir;

    @BeforeEach
    void setUp() {
        repo = work.dir().toString();
        dir = tmp.resolve("patchsets/gfx1103").toString();
        Cli.ok("new", dir, "--repo", repo);
    }

    void addAll() {
        Entries.rewrite(
                dir, repo, PRE_HOOK, "AMDGPU;X86", "AMDGPU;X86;NVPTX", "--id", "nvptx", "--why", "build NVPTX too");
        Entries.rewrite(dir, repo, LLVM_OPTIONS, "_JOBS \"\"", "_JOBS \"8\"", "--component", TheRockFixture.LLVM);
        Entries.add(
                "insert",
                dir,
                repo,
                "--file",
                ML_LIBS,
                "--after",
                "CMAKE_ARGS",
                "--text",
                "      -DCMAKE_BUILD_PARALLEL_LEVEL=8");
        Entries.rewrite(dir, repo, ML_LIBS, "(gfx950) gfx1100", "$1 gfx1103", "--regex");
    }

    @Test
    void authorVerifyApplyRevertRoundTrip() throws Exception {
        addAll();
        String toml = Files.readString(Path.of(dir, "patchset.toml"));
        assertThat(toml)
                .contains("id = \"handlellvmoptions.cmake-1\"")
                .contains("[entry.seal]")
                .contains("matches = 2");

        JsonNode json = new ObjectMapper()
                .readTree(ok("verify", dir, "--repo", repo, "--rev", "HEAD", "--format", "json")
                        .out());
        assertThat(json.get("rev").asText()).isEqualTo(work.head());
        JsonNode entries = json.get("patchsets").get(0).get("entries");
        assertThat(entries).hasSize(4);
        assertThat(entries.findValuesAsText("verdict")).containsOnly("EXACT");
        assertThat(entries.get(0).fieldNames())
                .toIterable()
                .containsExactly("id", "kind", "component", "files", "verdict", "class", "detail", "evidence");
        JsonNode evidence = entries.get(0).get("evidence");
        assertThat(evidence.get("sealed").asBoolean()).isTrue();
        assertThat(evidence.get("place_evidence").asBoolean()).isTrue();
        assertThat(evidence.get("matches_found").asInt())
                .isEqualTo(evidence.get("matches_sealed").asInt());
        assertThat(evidence.get("matched_now").get(0).asText()).isEqualTo("AMDGPU;X86");
        assertThat(evidence.get("lines_after").get(0).asText()).contains("AMDGPU;X86;NVPTX");
        assertThat(json.get("summary").get("ok").asInt()).isEqualTo(4);

        byte[] preHook = Files.readAllBytes(work.dir().resolve(PRE_HOOK));
        byte[] ml = Files.readAllBytes(work.dir().resolve(ML_LIBS));
        assertThat(ok("verify", dir, "--repo", repo).out())
                .contains("EXACT")
                .contains("summary: 4 ok, 0 review, 0 broken");

        Cli.Run applied = ok("apply", dir, "--repo", repo);
        assertThat(applied.err()).contains("applied 3 file(s)");
        assertThat(work.read(ML_LIBS))
                .isEqualTo("set(targets gfx908 gfx90a gfx942 gfx950 gfx1103)\nExternalProject_Add(ck\n"
                        + "  CMAKE_ARGS\n      -DCMAKE_BUILD_PARALLEL_LEVEL=8\n    -DFOO=1\n)\n");
        assertThat(work.read(TheRockFixture.LLVM + "/" + LLVM_OPTIONS))
                .contains("COMPILE_JOBS \"8\"")
                .contains("LINK_JOBS \"8\"");

        assertThat(ok("apply", dir, "--repo", repo).err()).contains("nothing to do");
        assertThat(ok("verify", dir, "--repo", repo).out())
                .contains("ALREADY_APPLIED")
                .doesNotContain("EXACT");

        Cli.Run reverted = ok("revert", dir, "--repo", repo);
        assertThat(reverted.out()).contains("restored " + ML_LIBS);
        assertThat(Files.readAllBytes(work.dir().resolve(PRE_HOOK))).isEqualTo(preHook);
        assertThat(Files.readAllBytes(work.dir().resolve(ML_LIBS))).isEqualTo(ml);
        assertThat(work.git("status", "--porcelain", "--ignore-submodules=none"))
                .isEmpty();
    }

    @Test
    void junitAndTextReports() {
        addAll();
        Cli.Run junit = ok("verify", dir, "--repo", repo, "--rev", "HEAD", "--format", "junit");
        assertThat(junit.out())
                .startsWith("<?xml")
                .contains("<testcase classname=\"gfx1103.compiler.amd-llvm\"")
                .contains("tests=\"4\"");
        Cli.Run text = ok("verify", dir, "--repo", repo, "--rev", "HEAD");
        assertThat(text.out())
                .contains("patchset gfx1103")
                .contains("  compiler/amd-llvm\n")
                .contains("nvptx");
    }

    @Test
    void upstreamChangesAreSeenAtARevision() {
        addAll();
        fx.therock
                .write(
                        PRE_HOOK,
                        "set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86;NVPTX\" CACHE STRING \"\")\n"
                                + "set(LLVM_ENABLE_RUNTIMES \"compiler-rt\")\nlist(APPEND LLVM_EXTRA_TARGETS AMDGPU_ARCH)\n")
                .write(
                        ML_LIBS,
                        "set(targets gfx950 gfx1100)\nset(more gfx950 gfx1100)\nExternalProject_Add(ck\n  CMAKE_ARGS\n)\n");
        String next = fx.therock.commit("upstream enables NVPTX, moves targets");
        work.git("fetch", "-q", "origin");
        Cli.Run r = Cli.run("verify", dir, "--repo", repo, "--rev", next, "--format", "json");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out())
                .contains("\"verdict\" : \"ALREADY_APPLIED\"")
                .contains("\"verdict\" : \"AMBIGUOUS\"")
                .contains("2 matches, sealed 1");
        // the work tree is still at the base: nothing changed there
        assertThat(ok("verify", dir, "--repo", repo).out()).contains("4 ok");
    }

    @Test
    void authoringRefusesWhatTheAuthorCannotHaveMeant() throws Exception {
        byte[] before = Files.readAllBytes(Path.of(dir, "patchset.toml"));
        Cli.Run third = Entries.tryRewrite(
                dir, repo, LLVM_OPTIONS, "_JOBS \"\"", "x", "--component", TheRockFixture.LLVM, "--occurrence", "3");
        assertThat(third.exit()).isEqualTo(2);
        assertThat(third.err()).contains("only 2 matches").doesNotContain("Exception");
        Cli.Run absent = Entries.tryRewrite(dir, repo, PRE_HOOK, "AMDGPU;X86;SPIRV", "x");
        assertThat(absent.exit()).isEqualTo(2);
        assertThat(absent.err()).contains("nearest similar line 1");
        fx.therock.write(ML_LIBS, "a CMAKE_ARGS\nb CMAKE_ARGS\n");
        Cli.Run twoLines = Cli.run(
                "add",
                "insert",
                dir,
                "--repo",
                repo,
                "--component",
                TheRockFixture.LLVM,
                "--file",
                LLVM_OPTIONS,
                "--after",
                "_JOBS",
                "--text",
                "x");
        assertThat(twoLines.exit()).isEqualTo(2);
        assertThat(twoLines.err()).contains("matches 2 lines");
        Cli.Run badRegex = Entries.tryRewrite(dir, repo, PRE_HOOK, "(AMDGPU", "x", "--regex");
        assertThat(badRegex.exit()).isEqualTo(2);
        assertThat(badRegex.err().lines().count()).isEqualTo(1);
        Cli.Run escape = Entries.tryRewrite(dir, repo, "../etc/passwd", "a", "b");
        assertThat(escape.exit()).isEqualTo(2);
        assertThat(escape.err()).contains("escapes the workspace");
        assertThat(Files.readAllBytes(Path.of(dir, "patchset.toml"))).isEqualTo(before);
    }

    @Test
    void applyIsAllOrNothingWhenAWriteFails() throws Exception {
        addAll();
        byte[] preHook = Files.readAllBytes(work.dir().resolve(PRE_HOOK));
        byte[] ml = Files.readAllBytes(work.dir().resolve(ML_LIBS));
        AtomicInteger writes = new AtomicInteger();
        try (Workspace ws = Workspace.open(work.dir(), null)) {
            assertThatThrownBy(() -> Applier.apply(
                            ws,
                            new Applier.Request(
                                    List.of(Path.of(dir)), Applier.Commits.NONE, ComponentFilter.ALL, false),
                            (target, content) -> {
                                if (writes.incrementAndGet() == 3) {
                                    throw new IllegalStateException("disk full");
                                }
                                new Writes.Atomic(false).write(target, content);
                            },
                            Clock.systemUTC()))
                    .hasMessageContaining("disk full");
        }
        assertThat(writes.get()).isEqualTo(3);
        assertThat(Files.readAllBytes(work.dir().resolve(PRE_HOOK))).isEqualTo(preHook);
        assertThat(Files.readAllBytes(work.dir().resolve(ML_LIBS))).isEqualTo(ml);
        assertThat(work.git("status", "--porcelain", "--ignore-submodules=none"))
                .isEmpty();
    }

    @Test
    void brokenEntryMeansNothingWritten() throws Exception {
        addAll();
        work.write(PRE_HOOK, "set(LLVM_TARGETS_TO_BUILD \"X86\")\n");
        work.git("commit", "-qam", "local change drops AMDGPU");
        Cli.Run r = Cli.run("apply", dir, "--repo", repo);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("ANCHOR_MISSING");
        assertThat(r.err()).contains("nothing written");
        assertThat(work.read(ML_LIBS)).doesNotContain("gfx1103");
    }

    @Test
    void handEditsNoEntryExplainsAreLeftAlone() {
        addAll();
        work.write(ML_LIBS, work.read(ML_LIBS).replace("-DFOO=1", "-DFOO=2"));
        Cli.Run r = Cli.run("apply", dir, "--repo", repo);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(ML_LIBS + ": has edits no entry explains");
        assertThat(work.read(ML_LIBS)).contains("-DFOO=2").doesNotContain("gfx1103");
    }

    @Test
    void refusesToWriteThroughASymlink() throws Exception {
        addAll();
        Path elsewhere = tmp.resolve("elsewhere");
        Files.createDirectories(elsewhere);
        Files.write(
                elsewhere.resolve("CMakeLists.txt"),
                Files.readAllBytes(work.dir().resolve(ML_LIBS)));
        Path mlDir = work.dir().resolve("ml-libs");
        Files.delete(mlDir.resolve("CMakeLists.txt"));
        Files.delete(mlDir);
        Files.createSymbolicLink(mlDir, elsewhere);
        byte[] outside = Files.readAllBytes(elsewhere.resolve("CMakeLists.txt"));
        Cli.Run r = Cli.run("apply", dir, "--repo", repo);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("symbolic link ml-libs");
        assertThat(Files.readAllBytes(elsewhere.resolve("CMakeLists.txt"))).isEqualTo(outside);
        assertThat(work.read(PRE_HOOK)).doesNotContain("NVPTX");
    }

    @Test
    void handEditedEntryOrSealIsSealBroken() throws Exception {
        addAll();
        Path toml = Path.of(dir, "patchset.toml");
        String text = Files.readString(toml);
        Files.writeString(toml, text.replace("replace = \"AMDGPU;X86;NVPTX\"", "replace = \"AMDGPU;X86;SPIRV\""));
        Cli.Run r = Cli.run("verify", dir, "--repo", repo, "--rev", "HEAD");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("SEAL_BROKEN").contains("edited after it was sealed");

        // a forged "after" hash with the right digest is caught by replaying at the base
        String forged = text.replaceFirst("after = \"[0-9a-f]{64}\"", "after = \"" + "0".repeat(64) + "\"");
        Files.writeString(toml, forged);
        work.write(PRE_HOOK, work.read(PRE_HOOK) + "# local\n");
        r = Cli.run("verify", dir, "--repo", repo);
        assertThat(r.out()).contains("SEAL_BROKEN").contains("replaying the entry at its base");
    }

    @Test
    void badPatchsetFilesAreBadInput() throws Exception {
        Path toml = Path.of(dir, "patchset.toml");
        String good = Files.readString(toml);
        Files.writeString(
                toml,
                good
                        + "\n[[entry]]\nid = \"x\"\nkind = \"rewrite\"\ncomponent = \".\"\nfile = \"../x\"\nfind = \"a\"\nreplace = \"b\"\n");
        Cli.Run r = Cli.run("verify", dir, "--repo", repo);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("patchset.toml:9:").contains("escapes the workspace");
        Files.writeString(toml, good.replace("format = 1", "format = 3"));
        assertThat(Cli.run("verify", dir, "--repo", repo).err()).contains("newer than this patchpin");
        Files.writeString(
                toml,
                good
                        + "\n[[entry]]\nid = \"x\"\nkind = \"rewrite\"\ncomponent = \".\"\nfile = \"f\"\nfind = \"(a\"\nregex = true\nreplace = \"b\"\n");
        r = Cli.run("verify", dir, "--repo", repo);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("invalid RE2");
        Files.writeString(toml, "format = 1\nbase = [\n");
        r = Cli.run("apply", dir, "--repo", repo);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("patchpin: ").contains("patchset.toml");
        assertThat(work.git("status", "--porcelain")).isEmpty();
    }

    static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
