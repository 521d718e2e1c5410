package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
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

/** A component applied as commits is patched, not wrong-commit, in lock check and audit. */
class AppliedStateTest {
    @TempDir
    Path tmp;

    TheRockLayout layout;
    Repo ws;
    Path lock;

    @BeforeEach
    void setUp() {
        layout = TheRockLayout.create(tmp);
        ws = layout.cloneWorkTree("ws");
        lock = tmp.resolve("pins/main.lock.toml");
        ok("lock", "--repo", ws.dir(), "-o", lock);
    }

    @Test
    void fetchSourcesPatchFolderIsPatchedByItsSmrevDigest() throws IOException, NoSuchAlgorithmException {
        fetchSourcesAsTheRock();
        Cli.Run r = Cli.ok("lock", "check", lock, "--repo", ws.dir());
        assertThat(r.out())
                .contains(
                        "patched   " + TheRockLayout.LLVM,
                        "2 commit(s) holding patches/amd-mainline/llvm-project/" + layout.patchNames.get(0));
        Cli.Run audit = Cli.ok("audit", "--lock", lock, "--repo", ws.dir());
        assertThat(audit.out()).contains("patched       " + TheRockLayout.LLVM, "0 at the wrong commit");

        Repo.at(ws.dir().resolve(TheRockLayout.LLVM))
                .write("NOTES.txt", "mine\n")
                .commit("my own work");
        Cli.Run wrong = Cli.run("lock", "check", lock, "--repo", ws.dir());
        assertThat(wrong.exit()).isEqualTo(1);
        assertThat(wrong.out()).contains("wrong-commit " + TheRockLayout.LLVM, "not explained", "my own work");
    }

    @Test
    void entriesAppliedAsCommitsArePatchedWhenThePatchsetIsGiven() {
        Path set = tmp.resolve("patchsets/mainline");
        ok("new", set, "--repo", ws.dir());
        Entries.rewrite(
                set,
                ws.dir(),
                TheRockLayout.CLANG,
                "/opt/rocm",
                "/usr",
                "--id",
                "rocm-path",
                "--component",
                TheRockLayout.LLVM);
        ok("apply", set, "--repo", ws.dir(), "--commit");
        Cli.Run without = Cli.run("lock", "check", lock, "--repo", ws.dir());
        assertThat(without.exit()).isEqualTo(1);
        assertThat(without.out()).contains("wrong-commit", "not explained");
        Cli.Run with = Cli.ok("lock", "check", lock, set, "--repo", ws.dir(), "--format", "json");
        assertThat(with.out())
                .contains("\"patched\":[{\"path\":\"" + TheRockLayout.LLVM + "\"", "\"holds\":[\"rocm-path\"]");
        Cli.Run audit = Cli.ok("audit", "--lock", lock, set, "--repo", ws.dir());
        assertThat(audit.out()).contains("patched       " + TheRockLayout.LLVM + ": at", "holding rocm-path");
    }

    /** What fetch_sources.py does for one patch folder: git am, skip-worktree, .smrev. */
    private void fetchSourcesAsTheRock() throws IOException, NoSuchAlgorithmException {
        Path llvm = ws.dir().resolve(TheRockLayout.LLVM);
        String pin =
                Git.run(ws.dir(), "ls-files", "--stage", TheRockLayout.LLVM).split("\\s+")[1];
        TheRockLayout.gitAmAsTheRock(llvm, layout.patchFiles(ws));
        Git.run(ws.dir(), "update-index", "--skip-worktree", "--", TheRockLayout.LLVM);
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        for (Path p : layout.patchFiles(ws)) {
            sha1.update(Files.readAllBytes(p));
        }
        Files.writeString(
                ws.dir().resolve("compiler/.amd-llvm.smrev"),
                layout.llvm.url() + "\n" + pin + "+PATCHED:" + HexFormat.of().formatHex(sha1.digest()) + "\n",
                StandardCharsets.UTF_8);
    }
}
