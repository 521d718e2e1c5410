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
 * A TheRock clone whose compiler/amd-llvm gitlink is present but not
 * initialised (git clone without --recurse-submodules): revert undoes the
 * edits on what is checked out and does not claim the empty folder holds edits.
 */
class PartialCheckoutRevertTest {
    @TempDir
    Path tmp;

    @Test
    void revertLeavesAnUninitialisedSubmoduleAloneAndUndoesTheRest() throws IOException {
        Path clone = TheRockFixture.create(tmp).cloneSuperproject("clone").dir();
        Path set = tmp.resolve("patchsets/mine");
        String repo = clone.toString();
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(set, repo, "compiler/pre_hook_amd-llvm.cmake", "AMDGPU;X86", "AMDGPU;X86;NVPTX");
        Entries.llvmJobs(set, repo);
        Path hook = clone.resolve("compiler/pre_hook_amd-llvm.cmake");
        String committed = Files.readString(hook, StandardCharsets.UTF_8);
        Cli.ok("apply", set, "--repo", repo, "--component", ".");
        assertThat(Files.readString(hook, StandardCharsets.UTF_8))
                .isEqualTo(committed.replace("AMDGPU;X86", "AMDGPU;X86;NVPTX"));

        Cli.Run r = Cli.ok("revert", set, "--repo", repo);
        assertThat(r.err()).doesNotContain("no entry explains");
        assertThat(Files.readString(hook, StandardCharsets.UTF_8)).isEqualTo(committed);
        assertThat(clone.resolve(LLVM)).isEmptyDirectory();
    }
}
