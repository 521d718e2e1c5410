package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.Upstream;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code [entry.upstream]} and drop-gating, replaying TheRock's June 2026 LLVM
 * story: the fix is upstream (on main), a cherry-pick of it reached the release
 * branch the pin first moves to, and only the second bump holds the commit itself. The story is told once per
 * class (the tests only read its repositories); each test has a patchset of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UpstreamTrackingTest {
    static final String FIND = "LLVM_PARALLEL_LINK_JOBS \"\"";
    static final String REPLACE = "LLVM_PARALLEL_LINK_JOBS \"2\"";

    /** The class's folder: the fixture, its clone and what a test puts beside them. */
    Path tmp;

    TheRockFixture fx;
    Repo ws;
    Path set;
    String t0;
    String upstreamFix;
    String t1;
    String t2;

    @BeforeAll
    void tellTheStory(@TempDir Path classFolder) {
        tmp = classFolder;
        fx = TheRockFixture.create(tmp);
        String l0 = fx.llvm.head();
        t0 = fx.therock.head();
        // upstream main gets the fix; the release branch a cherry-pick of it (another commit id)
        fx.llvm.write(LLVM_OPTIONS, fx.llvm.read(LLVM_OPTIONS).replace(FIND, REPLACE));
        upstreamFix = fx.llvm.commit("[cmake] default link jobs to 2");
        fx.llvm.git("checkout", "-q", "-b", "release", l0);
        fx.llvm.write(LLVM_OPTIONS, fx.llvm.read(LLVM_OPTIONS).replace(FIND, REPLACE));
        String picked = fx.llvm.commit("[cmake] default link jobs to 2 (cherry-pick)");
        fx.llvm.git("checkout", "-q", "main");
        t1 = fx.therock.bumpSubmodule(TheRockFixture.LLVM, picked).commit("bump llvm to release");
        t2 = fx.therock.bumpSubmodule(TheRockFixture.LLVM, upstreamFix).commit("bump llvm to main");
        ws = fx.cloneWorkTree("ws");
    }

    @BeforeEach
    void newSet(@TempDir Path sets) {
        set = sets.resolve("jobs");
        ok("new", set, "--repo", ws.dir(), "--rev", t0);
        Entries.rewrite(
                set,
                ws.dir(),
                LLVM_OPTIONS,
                FIND,
                REPLACE,
                "--id",
                "jobs",
                "--component",
                TheRockFixture.LLVM,
                "--upstream-url",
                "https://github.com/llvm/llvm-project/pull/1",
                "--upstream-commit",
                upstreamFix.substring(0, 12));
    }

    @Test
    void addWritesTheUpstreamTableAndLeavesTheDefinitionDigestAlone() throws IOException {
        String toml = Files.readString(PatchsetStore.tomlOf(set), StandardCharsets.UTF_8);
        assertThat(toml)
                .contains(
                        "[entry.upstream]\nstatus = \"merged\"\nurl = \"https://github.com/llvm/llvm-project/pull/1\"\n"
                                + "commit = \"" + upstreamFix.substring(0, 12) + "\"\n");
        Entry e = PatchsetStore.read(set).entries().get(0);
        assertThat(e.upstream().status()).contains(Upstream.Status.MERGED);
        assertThat(e.withUpstream(Upstream.NONE).definitionDigest()).isEqualTo(e.definitionDigest());
        assertThat(PatchsetStore.render(PatchsetStore.read(set))).isEqualTo(toml);
    }

    @Test
    void mergedOnlyWhenThePinHoldsTheUpstreamCommitAndTheEditIsThere() {
        Cli.Run before = verify(t0);
        assertThat(before.exit()).isZero();
        assertThat(before.out())
                .contains("EXACT", "merged upstream in " + upstreamFix.substring(0, 12) + " but not in this pin yet");
        Cli.Run picked = verify(t1);
        assertThat(picked.exit()).isZero();
        assertThat(picked.out())
                .contains("ALREADY_APPLIED", "but not in this pin yet")
                .doesNotContain("MERGED");
        Cli.Run merged = verify(t2);
        assertThat(merged.exit()).isZero();
        assertThat(merged.out()).contains("MERGED", "is in this pin", "droppable");
        Cli.Run json = Cli.run("verify", set, "--repo", ws.dir(), "--rev", t2, "--format", "json");
        assertThat(json.out()).contains("\"verdict\" : \"MERGED\"", "\"class\" : \"ok\"");
    }

    @Test
    void rebaseKeepsAnEntryWhoseUpstreamCommitIsNotInThePinAndDropsItOnceItIs() {
        Cli.Run kept = Cli.ok("rebase", set, "--repo", ws.dir(), "--onto", t1);
        assertThat(kept.out()).contains("jobs", "kept");
        Patchset afterT1 = PatchsetStore.read(set);
        assertThat(afterT1.base()).contains(t1);
        assertThat(afterT1.entries()).extracting(Entry::id).containsExactly("jobs");
        assertThat(afterT1.entries().get(0).upstream().hasCommit()).isTrue();
        Cli.Run dropped = Cli.ok("rebase", set, "--repo", ws.dir(), "--onto", t2);
        assertThat(dropped.out()).contains("jobs", "dropped", "merged: upstream commit");
        assertThat(PatchsetStore.read(set).entries()).isEmpty();
    }

    @Test
    void badUpstreamValuesAreBadInputNamingTheFileAndLine() throws IOException {
        Cli.Run r =
                Entries.tryRewrite(set, ws.dir(), "compiler/CMakeLists.txt", "20", "21", "--upstream-status", "landed");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("patchpin: --upstream-status").contains("pending, submitted, merged");
        Path toml = PatchsetStore.tomlOf(set);
        String text = Files.readString(toml, StandardCharsets.UTF_8);
        Files.writeString(toml, text.replace("status = \"merged\"", "status = \"landed\""), StandardCharsets.UTF_8);
        Cli.Run bad = Cli.run("verify", set, "--repo", ws.dir());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains(toml.toString() + ":").contains("landed");
    }

    @Test
    void importReadsUpstreamTrailersFromTheMailAndOptionsWin() throws IOException {
        Path from = tmp.resolve("patches/amd-mainline/llvm-project");
        Files.createDirectories(from);
        Files.writeString(
                from.resolve("0001-jobs.patch"),
                mail("Upstream-Status: Submitted [https://reviews.llvm.org/D1]\n" + "(cherry picked from commit "
                        + upstreamFix + ")\n"),
                StandardCharsets.UTF_8);
        Path other = tmp.resolve("patchsets/imported");
        ok("new", other, "--repo", ws.dir(), "--rev", t0);
        ok("import", other, "--repo", ws.dir(), "--from", from, "--component", TheRockFixture.LLVM);
        Upstream u = PatchsetStore.read(other).entries().get(0).upstream();
        assertThat(u)
                .isEqualTo(new Upstream(
                        Optional.of(Upstream.Status.SUBMITTED), "https://reviews.llvm.org/D1", upstreamFix));
        assertThat(verify(other, t2).out()).contains("MERGED");
    }

    private String mail(String trailers) {
        return "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
                + "From: Pat Pin <pat@example.org>\nDate: Thu, 1 Jan 2026 00:00:00 +0000\n"
                + "Subject: [PATCH] default link jobs to 2\n\nSo the link step does not run out of memory.\n\n"
                + trailers
                + "---\n llvm/cmake/modules/HandleLLVMOptions.cmake | 2 +-\n\n"
                + "diff --git a/" + LLVM_OPTIONS + " b/" + LLVM_OPTIONS + "\n--- a/" + LLVM_OPTIONS + "\n+++ b/"
                + LLVM_OPTIONS + "\n@@ -1,2 +1,2 @@\n"
                + " set(LLVM_PARALLEL_COMPILE_JOBS \"\" CACHE STRING \"\")\n-set(LLVM_PARALLEL_LINK_JOBS \"\" CACHE STRING \"\")\n"
                + "+set(LLVM_PARALLEL_LINK_JOBS \"2\" CACHE STRING \"\")\n-- \n2.43.0\n\n";
    }

    private Cli.Run verify(String rev) {
        return verify(set, rev);
    }

    private Cli.Run verify(Path dir, String rev) {
        return Cli.run("verify", dir, "--repo", ws.dir(), "--rev", rev);
    }

    static String git(Path dir, String... args) {
        return Git.run(dir, args);
    }
}
