package io.patchpin.rebase;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.ML_LIBS;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.Unsealed;
import io.patchpin.testkit.WorkTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rebase on a generated TheRock-shaped workspace whose upstream moves, through Main.run. */
class RebaseTest {
    static final String JOBS_PATCH =
            """
            diff --git a/llvm/cmake/modules/HandleLLVMOptions.cmake b/llvm/cmake/modules/HandleLLVMOptions.cmake
            --- a/llvm/cmake/modules/HandleLLVMOptions.cmake
            +++ b/llvm/cmake/modules/HandleLLVMOptions.cmake
            @@ -2,3 +2,3 @@
             set(LLVM_PARALLEL_COMPILE_JOBS "" CACHE STRING "")
            -set(LLVM_PARALLEL_LINK_JOBS "" CACHE STRING "")
            +set(LLVM_PARALLEL_LINK_JOBS "8" CACHE STRING "")
             if(LLVM_PARALLEL_COMPILE_JOBS)
            """;
    /** Upstream frames the fixture's job options before the set is written, so the patch has context on both sides. */
    static final String JOB_POOLS_HEAD = "# HandleLLVMOptions.cmake (excerpt)\n";

    static final String JOB_POOLS_TAIL = "if(LLVM_PARALLEL_COMPILE_JOBS)\n"
            + "  set_property(GLOBAL APPEND PROPERTY JOB_POOLS compile_job_pool=${LLVM_PARALLEL_COMPILE_JOBS})\nendif()\n";

    @TempDir
    Path tmp;

    WorkTree ex;
    String repo;
    Path set;

    @BeforeEach
    void setUp() throws IOException {
        ex = TheRockFixture.create(tmp).workTree("therock");
        repo = ex.dir().toString();
        ex.change(
                LLVM,
                "llvm: job pools",
                Map.of(LLVM_OPTIONS, JOB_POOLS_HEAD + ex.read(LLVM, LLVM_OPTIONS) + JOB_POOLS_TAIL));
        set = tmp.resolve("patchsets/gfx1103");
        ok("new", set, "--repo", repo);
        Entries.nvptx(set, repo);
        Path patch = tmp.resolve("jobs.patch");
        Files.writeString(patch, JOBS_PATCH, StandardCharsets.UTF_8);
        Entries.add("patch", set, repo, "--component", LLVM, patch, "--id", "jobs");
        Entries.rewrite(set, repo, ML_LIBS, "gfx1100)", "gfx1100 gfx1103)", "--id", "gfx1103");
    }

    @AfterEach
    void tearDown() {
        ex.close();
    }

    @Test
    void rebaseRegeneratesPatchesResealsRewritesDropsWhatUpstreamTookAndMovesTheBase() throws IOException {
        ex.change(
                LLVM,
                "llvm: license header",
                Map.of(LLVM_OPTIONS, "# SPDX: Apache-2.0\n# (c) LLVM\n\n" + ex.read(LLVM, LLVM_OPTIONS)));
        ex.change(
                ".",
                "gfx1103 in CK",
                Map.of(
                        ML_LIBS,
                        ex.read(".", ML_LIBS).replace("gfx1100)", "gfx1100 gfx1103)"),
                        PRE_HOOK,
                        ex.read(".", PRE_HOOK) + "# amd-llvm\n"));
        String onto = head();
        Cli.Run r = Cli.ok("rebase", set, "--repo", repo, "--onto", "HEAD");
        assertThat(r.out())
                .contains(
                        "nvptx [rewrite] APPLIES -> resealed",
                        "jobs [patch] OFFSET -> regenerated",
                        "gfx1103 [rewrite] ALREADY_APPLIED -> dropped");
        Patchset ps = PatchsetStore.read(set);
        assertThat(ps.base()).contains(onto);
        assertThat(ps.entries()).extracting(Entry::id).containsExactly("nvptx", "jobs");
        String patch = Files.readString(set.resolve("0002-jobs.patch"), StandardCharsets.UTF_8);
        assertThat(patch).contains("@@ -3,7 +3,7 @@", "index ").doesNotContain("@@ -2,3 +2,3 @@");
        Cli.Run verify = Cli.ok("verify", set, "--repo", repo, "--rev", "HEAD");
        assertThat(verify.out()).contains("EXACT").doesNotContain("OFFSET");
        Cli.Run again = Cli.ok("rebase", set, "--repo", repo, "--onto", "HEAD", "--format", "json");
        assertThat(again.out()).contains("\"action\" : \"regenerated\"", "\"verdict\" : \"EXACT\"");
    }

    @Test
    void conflictsLeaveThePatchsetAloneUntilResolvedThenContinueFinishes() throws IOException {
        ex.change(
                LLVM,
                "llvm: 4 jobs",
                Map.of(LLVM_OPTIONS, ex.read(LLVM, LLVM_OPTIONS).replace("LINK_JOBS \"\"", "LINK_JOBS \"4\"")));
        ex.change(".", "X86 first", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK).replace("AMDGPU;X86", "X86;AMDGPU")));
        byte[] toml = Files.readAllBytes(PatchsetStore.tomlOf(set));
        byte[] patch = Files.readAllBytes(set.resolve("0002-jobs.patch"));
        Cli.Run r = Cli.run("rebase", set, "--repo", repo, "--onto", "HEAD");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.out())
                .contains(
                        "jobs [patch] CONFLICT -> conflict",
                        "nvptx [rewrite] ANCHOR_MISSING -> conflict",
                        "nothing written");
        assertThat(Files.readAllBytes(PatchsetStore.tomlOf(set))).isEqualTo(toml);
        assertThat(Files.readAllBytes(set.resolve("0002-jobs.patch"))).isEqualTo(patch);
        Path resolved = set.resolve(".rebase/jobs/" + LLVM_OPTIONS);
        assertThat(Files.readString(resolved, StandardCharsets.UTF_8))
                .contains("<<<<<<< ", "||||||| sealed base", ">>>>>>> entry jobs");
        assertThat(set.resolve(".rebase/nvptx/patchset.toml")).exists();
        assertThat(Files.readString(set.resolve(".rebase/REPORT.txt"), StandardCharsets.UTF_8))
                .contains("nearest similar");

        Cli.Run busy = Cli.run("rebase", set, "--repo", repo, "--onto", "HEAD");
        assertThat(busy.exit()).isEqualTo(2);
        assertThat(busy.errLines()).singleElement().asString().contains("rebase is in progress");
        Cli.Run markers = Cli.run("rebase", set, "--repo", repo, "--continue");
        assertThat(markers.exit()).isEqualTo(2);
        assertThat(markers.errLines()).singleElement().asString().contains("conflict marker left");
        assertThat(Files.readAllBytes(PatchsetStore.tomlOf(set))).isEqualTo(toml);

        Cli.ok("rebase", set, "--abort");
        assertThat(set.resolve(".rebase")).doesNotExist();
        assertThat(Cli.run("rebase", set, "--repo", repo, "--continue").exit()).isEqualTo(2);

        assertThat(Cli.run("rebase", set, "--repo", repo, "--onto", "HEAD").exit())
                .isEqualTo(1);
        Files.writeString(
                resolved,
                ex.read(LLVM, LLVM_OPTIONS).replace("LINK_JOBS \"4\"", "LINK_JOBS \"8\""),
                StandardCharsets.UTF_8);
        Path one = set.resolve(".rebase/nvptx");
        Patchset edited = PatchsetStore.read(one);
        RewriteEntry e = (RewriteEntry) edited.entries().get(0);
        PatchsetStore.write(
                one,
                edited.withEntries(List.of(new RewriteEntry(
                        Entry.Common.of(e.id(), e.component(), e.why(), e.links()),
                        e.file(),
                        "X86;AMDGPU",
                        "X86;AMDGPU;NVPTX",
                        false,
                        Occurrence.ALL,
                        Optional.empty()))),
                false);
        Cli.Run cont = Cli.ok("rebase", set, "--repo", repo, "--continue");
        assertThat(cont.out()).contains("jobs [patch] RESOLVED -> resolved", "nvptx [rewrite] APPLIES -> resolved");
        assertThat(set.resolve(".rebase")).doesNotExist();
        assertThat(PatchsetStore.read(set).base()).contains(head());
        Cli.ok("verify", set, "--repo", repo, "--rev", "HEAD");
        Cli.ok("apply", set, "--repo", repo);
        assertThat(ex.read(LLVM, LLVM_OPTIONS)).contains("LINK_JOBS \"8\"");
        assertThat(ex.read(".", PRE_HOOK)).contains("X86;AMDGPU;NVPTX");
    }

    @Test
    void unsealedEntriesAreSealedOnceTheirObjectsAreHereAndKeptOtherwise() throws IOException {
        Patchset ps = PatchsetStore.read(set);
        Entry perfetto = Unsealed.rewrite("perfetto", PERFETTO, "BUILD.gn", "\"perfetto\"", "\"perfetto-gcc14\"");
        Entry absent = Unsealed.rewrite("hipblaslt", "rocm-libraries", "CMakeLists.txt", "a", "b");
        PatchsetStore.write(set, ps.withEntries(List.of(ps.entries().get(0), perfetto, absent)), false);
        Cli.Run r = Cli.run("rebase", set, "--repo", repo, "--onto", "HEAD");
        // an entry on a component that is not there at the new revision is never kept silently
        assertThat(r.exit()).as(r.err() + r.out()).isEqualTo(1);
        assertThat(r.out())
                .contains("perfetto [rewrite] APPLIES -> sealed", "hipblaslt [rewrite] COMPONENT_MISSING -> conflict");
        Files.createFile(set.resolve(".rebase/hipblaslt/DROP"));
        Cli.ok("rebase", set, "--repo", repo, "--continue");
        Patchset after = PatchsetStore.read(set);
        assertThat(after.entry("perfetto").orElseThrow().seal()).isPresent();
        assertThat(after.entry("hipblaslt")).isEmpty();
    }

    @Test
    void unknownRevisionIsBadInputAndWritesNothing() throws IOException {
        byte[] toml = Files.readAllBytes(PatchsetStore.tomlOf(set));
        Cli.Run r = Cli.run("rebase", set, "--repo", repo, "--onto", "no-such-rev");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).singleElement().asString().contains("unknown revision");
        assertThat(Files.readAllBytes(PatchsetStore.tomlOf(set))).isEqualTo(toml);
        assertThat(set.resolve(".rebase")).doesNotExist();
    }

    private String head() throws IOException {
        try (var git = org.eclipse.jgit.api.Git.open(ex.dir().toFile())) {
            return git.getRepository().resolve("HEAD").name();
        }
    }

    @Test
    void rebaseSealsAPatchsetWrittenWithoutAKnownBase() throws IOException {
        Path unknown = tmp.resolve("patchsets/nightly");
        ok("new", unknown, "--no-base");
        Entries.rewrite(unknown, repo, ML_LIBS, "gfx1100)", "gfx1100 gfx1103)", "--id", "gfx1103");
        assertThat(PatchsetStore.read(unknown).baseKnown()).isFalse();

        Cli.Run r = Cli.ok("rebase", unknown, "--repo", repo, "--onto", "HEAD");
        assertThat(r.out()).contains("unknown -> ");
        Patchset sealed = PatchsetStore.read(unknown);
        assertThat(sealed.base()).contains(io.patchpin.testkit.Git.run(ex.dir(), "rev-parse", "HEAD"));
        assertThat(sealed.entries()).singleElement().satisfies(e -> assertThat(e.seal())
                .isPresent());
        assertThat(Cli.run("verify", unknown, "--repo", repo, "--rev", "HEAD").out())
                .contains("EXACT");
    }

    @Test
    void aChangedMatchIsAConflictUntilAcceptedAndEveryResealedDriftShowsItsLines() throws IOException {
        Path ck = tmp.resolve("patchsets/ck");
        ok("new", ck, "--repo", repo);
        addCk(ck);
        Entries.nvptx(ck, repo);
        ex.change(
                ".",
                "more CK targets",
                Map.of(
                        ML_LIBS,
                        ex.read(".", ML_LIBS).replace("gfx1100)", "gfx1100 gfx1150 gfx1151)"),
                        PRE_HOOK,
                        ex.read(".", PRE_HOOK).replace("\"compiler-rt\"", "\"compiler-rt;libunwind\"")));
        byte[] toml = Files.readAllBytes(PatchsetStore.tomlOf(ck));

        Cli.Run r = Cli.run("rebase", ck, "--repo", repo, "--onto", "HEAD");

        assertThat(r.exit()).as(r.out()).isEqualTo(1);
        assertThat(r.out())
                .contains(
                        "ck [rewrite] DRIFTED -> conflict: match changed at line",
                        "now 'gfx908 gfx90a gfx942 gfx950 gfx1100 gfx1150 gfx1151)'",
                        "--accept-drift ck",
                        "      - set(targets gfx908 gfx90a gfx942 gfx950 gfx1100 gfx1150 gfx1151)",
                        "      + set(targets gfx908 gfx90a gfx942 gfx950 gfx1103)",
                        "nvptx [rewrite] DRIFTED -> resealed: context changed");
        assertThat(Files.readAllBytes(PatchsetStore.tomlOf(ck))).isEqualTo(toml);
        Cli.Run again = Cli.run("rebase", ck, "--repo", repo, "--continue");
        assertThat(again.exit())
                .as("continuing without consent or an edit changes nothing")
                .isEqualTo(1);

        Cli.Run accepted = Cli.run("rebase", ck, "--repo", repo, "--continue", "--accept-drift", "ck");

        assertThat(accepted.exit()).as(accepted.out()).isEqualTo(3);
        assertThat(accepted.out())
                .contains(
                        "ck [rewrite] DRIFTED -> resealed: match changed",
                        "      + set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86;NVPTX\" CACHE STRING \"\")");
        Cli.ok("verify", ck, "--repo", repo, "--rev", "HEAD");
        assertThat(Files.readString(PatchsetStore.tomlOf(ck)))
                .contains("[[entry.seal.place]]", "matched = \"gfx908 gfx90a gfx942 gfx950 gfx1100 gfx1150 gfx1151)\"");
    }

    @Test
    void sealsWrittenBeforeEvidenceOfPlaceAreJudgedWithItWhenTheBaseIsHere() throws IOException {
        Path ck = tmp.resolve("patchsets/old");
        ok("new", ck, "--repo", repo);
        addCk(ck);
        Patchset ps = PatchsetStore.read(ck);
        Entry e = ps.entries().get(0);
        TextSeal s = (TextSeal) e.seal().orElseThrow();
        PatchsetStore.write(
                ck,
                ps.withEntries(List.of(e.withSeal(
                        new TextSeal(s.before(), s.after(), s.matches(), s.context(), s.digest(), List.of())))),
                false);
        assertThat(Files.readString(PatchsetStore.tomlOf(ck))).doesNotContain("entry.seal.place");
        ex.change(
                ".", "more CK targets", Map.of(ML_LIBS, ex.read(".", ML_LIBS).replace("gfx1100)", "gfx1100 gfx1150)")));

        Cli.Run v = Cli.run("verify", ck, "--repo", repo, "--rev", "HEAD");
        assertThat(v.exit()).isEqualTo(3);
        assertThat(v.out()).contains("match changed", "now 'gfx908 gfx90a gfx942 gfx950 gfx1100 gfx1150)'");

        Cli.Run r = Cli.run("rebase", ck, "--repo", repo, "--onto", "HEAD");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("ck [rewrite] DRIFTED -> conflict: match changed at line");
    }

    /** The regex rewrite {@code ck}: CK's target list, whatever follows gfx950, to end at gfx1103. */
    private void addCk(Path set) {
        Entries.rewrite(
                set,
                repo,
                ML_LIBS,
                "gfx908 gfx90a gfx942 gfx950.*",
                "gfx908 gfx90a gfx942 gfx950 gfx1103)",
                "--id",
                "ck",
                "--regex");
    }
}
