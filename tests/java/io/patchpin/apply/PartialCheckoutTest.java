package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.LLVM;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TheRock clone whose submodules are present as gitlinks but not
 * initialised: a component there is "not checked out" with the command that
 * fixes it, said once; {@code --component} limits apply, revert, audit and
 * lock check to what is checked out.
 */
class PartialCheckoutTest {
    private static final String FIX = "git submodule update --init " + LLVM;

    @TempDir
    Path tmp;

    @Test
    void uninitialisedSubmoduleIsNotCheckedOutAndComponentLimitsTheWork() throws IOException {
        Path clone = TheRockFixture.create(tmp).cloneSuperproject("clone").dir();
        Path set = tmp.resolve("patchsets/mine");
        String s = set.toString();
        String repo = clone.toString();
        Cli.ok("new", s, "--repo", repo);
        Entries.rewrite(s, repo, "compiler/pre_hook_amd-llvm.cmake", "AMDGPU;X86", "AMDGPU;X86;NVPTX");
        for (String id : new String[] {"jobs", "jobs-again"}) {
            Entries.llvmJobs(s, repo, "--id", id);
        }
        Path hook = clone.resolve("compiler/pre_hook_amd-llvm.cmake");
        String committed = Files.readString(hook, StandardCharsets.UTF_8);

        Cli.Run all = Cli.run("apply", s, "--repo", repo);
        assertThat(all.exit()).as(all.out() + all.err()).isEqualTo(1);
        assertThat(all.out() + all.err())
                .doesNotContain("not a submodule")
                .contains(LLVM + " is not checked out (" + FIX + ")");
        assertThat(all.err().split(FIX, -1)).as(all.err()).hasSize(2);
        assertThat(all.out()).containsPattern("APPLIES|ok");
        assertThat(Files.readString(hook, StandardCharsets.UTF_8)).isEqualTo(committed);

        Cli.Run typo = Cli.run("apply", s, "--repo", repo, "--component", "compiler/amd-llvn");
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.errLines()).hasSize(1);
        assertThat(typo.err()).contains("--component").contains("compiler/amd-llvn");

        Cli.ok("apply", s, "--repo", repo, "--component", ".");
        assertThat(Files.readString(hook, StandardCharsets.UTF_8)).contains("AMDGPU;X86;NVPTX");

        Cli.Run auditAll = Cli.run("audit", s, "--repo", repo);
        assertThat(auditAll.exit()).as(auditAll.out() + auditAll.err()).isEqualTo(1);
        assertThat(auditAll.out()).contains(FIX);
        Cli.ok("audit", s, "--repo", repo, "--component", ".");

        Cli.ok("revert", s, "--repo", repo, "--component", ".");
        assertThat(Files.readString(hook, StandardCharsets.UTF_8)).isEqualTo(committed);

        Path lock = tmp.resolve("pins/head.lock.toml");
        Cli.run("lock", "--repo", repo, "--rev", "HEAD", "-o", lock);
        assertThat(lock).exists();
        Cli.Run checkAll = Cli.run("lock", "check", lock, "--repo", repo);
        assertThat(checkAll.exit()).isEqualTo(1);
        assertThat(checkAll.out()).contains(FIX);
        Cli.ok("lock", "check", lock, "--repo", repo, "--component", ".");
        Cli.Run checkTypo = Cli.run("lock", "check", lock, "--repo", repo, "--component", "nope");
        assertThat(checkTypo.exit()).isEqualTo(2);
    }
}
