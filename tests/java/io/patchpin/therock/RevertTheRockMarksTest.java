package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Revert of entries applied as commits takes TheRock's marks with them: the .smrev file beside the component
 * and the skip-worktree bit of its gitlink, as fetch_sources leaves them after patching.
 */
class RevertTheRockMarksTest {
    @TempDir
    Path tmp;

    @Test
    void revertOfCommittedEntriesRemovesTheSmrevAndTheSkipWorktreeBit() throws Exception {
        TheRockLayout layout = TheRockLayout.create(tmp);
        Repo ws = layout.cloneWorkTree("ws");
        String repo = ws.dir().toString();
        Path set = tmp.resolve("patchsets/mainline");
        ok("new", set, "--repo", repo);
        Entries.rewrite(
                set,
                repo,
                TheRockLayout.CLANG,
                "/opt/rocm",
                "/usr",
                "--id",
                "rocm-path",
                "--component",
                TheRockLayout.LLVM);
        Repo llvm = Repo.at(ws.dir().resolve(TheRockLayout.LLVM));
        String pin = llvm.head();
        ok("apply", set, "--repo", repo, "--commit");
        assertThat(llvm.head()).isNotEqualTo(pin);
        Git.run(ws.dir(), "update-index", "--skip-worktree", "--", TheRockLayout.LLVM);
        Path smrev = ws.dir().resolve("compiler/.amd-llvm.smrev");
        Files.writeString(smrev, "url\n" + pin + "+PATCHED:0\n");

        ok("revert", set, "--repo", repo);

        assertThat(llvm.head()).isEqualTo(pin);
        assertThat(llvm.read(TheRockLayout.CLANG)).contains("/opt/rocm");
        assertThat(smrev).doesNotExist();
        assertThat(Git.run(ws.dir(), "ls-files", "-v", "--", TheRockLayout.LLVM))
                .startsWith("H ");
    }
}
