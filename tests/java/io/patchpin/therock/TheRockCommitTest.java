package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apply --commit --therock} against a real {@code git am} under TheRock's exact settings. */
class TheRockCommitTest {
    @TempDir
    Path tmp;

    TheRockLayout layout;

    @BeforeEach
    void setUp() {
        layout = TheRockLayout.create(tmp);
    }

    @Test
    void commitIdsEqualGitAmAsFetchSourcesRunsIt() throws IOException, NoSuchAlgorithmException {
        Repo am = layout.cloneWorkTree("am");
        String expected = TheRockLayout.gitAmAsTheRock(am.dir().resolve(TheRockLayout.LLVM), layout.patchFiles(am));

        Repo ws = layout.cloneWorkTree("ws");
        String pin = Git.run(ws.dir().resolve(TheRockLayout.LLVM), "rev-parse", "HEAD");
        Path set = importFolder(ws);
        Cli.ok("apply", set, "--repo", ws.dir(), "--commit", "--therock");
        Path llvm = ws.dir().resolve(TheRockLayout.LLVM);
        assertThat(Git.run(llvm, "rev-parse", "HEAD")).isEqualTo(expected);
        assertThat(Git.run(llvm, "log", "--format=%an|%ae|%ad|%cn|%ce|%cd", "--date=raw", "-1", "HEAD~1"))
                .isEqualTo("Pat Pin|pat@example.org|1770106272 +0200|therockbot|therockbot@amd.com|4070908800 +0000");

        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        for (Path p : layout.patchFiles(ws)) {
            sha1.update(Files.readAllBytes(p));
        }
        assertThat(Files.readString(ws.dir().resolve("compiler/.amd-llvm.smrev"), StandardCharsets.UTF_8))
                .isEqualTo(layout.llvm.url() + "\n" + pin + "+PATCHED:"
                        + HexFormat.of().formatHex(sha1.digest()) + "\n");
        assertThat(Git.run(ws.dir(), "ls-files", "-v", TheRockLayout.LLVM)).startsWith("S ");

        Cli.ok("apply", set, "--repo", ws.dir(), "--commit", "--therock");
        assertThat(Git.run(llvm, "rev-parse", "HEAD")).isEqualTo(expected);
    }

    @Test
    void revertResetsAComponentAppliedAsCommitsAndRemovesTheMarks() {
        Repo ws = layout.cloneWorkTree("ws");
        Path llvm = ws.dir().resolve(TheRockLayout.LLVM);
        String pin = Git.run(llvm, "rev-parse", "HEAD");
        Path set = importFolder(ws);
        Cli.ok("apply", set, "--repo", ws.dir(), "--commit", "--therock");
        Cli.ok("revert", set, "--repo", ws.dir());
        assertThat(Git.run(llvm, "rev-parse", "HEAD")).isEqualTo(pin);
        assertThat(Git.run(llvm, "status", "--porcelain")).isEmpty();
        assertThat(ws.dir().resolve("compiler/.amd-llvm.smrev")).doesNotExist();
        assertThat(Git.run(ws.dir(), "ls-files", "-v", TheRockLayout.LLVM)).startsWith("H ");
    }

    @Test
    void revertSaysWhatItCannotUndoWhenOtherCommitsSitAboveThePin() {
        Repo ws = layout.cloneWorkTree("ws");
        Path llvm = ws.dir().resolve(TheRockLayout.LLVM);
        Path set = importFolder(ws);
        Cli.ok("apply", set, "--repo", ws.dir(), "--commit", "--therock");
        Repo.at(llvm).write("NOTES.txt", "mine\n").commit("my own work");
        String head = Git.run(llvm, "rev-parse", "HEAD");
        Cli.Run r = Cli.run("revert", set, "--repo", ws.dir());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err() + r.out()).contains(TheRockLayout.LLVM, head.substring(0, 12), "my own work");
        assertThat(Git.run(llvm, "rev-parse", "HEAD")).isEqualTo(head);
    }

    private Path importFolder(Repo ws) {
        Path set = tmp.resolve("patchsets-" + ws.dir().getFileName() + "/mainline");
        ok("new", set, "--repo", ws.dir());
        ok("import", set, "--repo", ws.dir(), "--from", ws.dir().resolve("patches/amd-mainline"));
        return set;
    }
}
