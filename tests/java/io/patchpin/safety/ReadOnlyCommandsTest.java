package io.patchpin.safety;

import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.cli.DemoFixtures;
import io.patchpin.demo.ExampleWorkspace;
import io.patchpin.testkit.Cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * DESIGN's safety rule: verify, lock, bisect and rebase never write into any
 * repository, not even objects. Every file under every git directory of the
 * workspace (the superproject's .git holds the submodules' modules/) must keep
 * its size and modification time through them.
 */
class ReadOnlyCommandsTest {
    @TempDir
    Path tmp;

    @Test
    void verifyLockBisectAndRebaseLeaveEveryGitDirectoryUntouched() throws IOException {
        try (ExampleWorkspace ex = ExampleWorkspace.create(tmp.resolve("ws"))) {
            String repo = ex.workTree().toString();
            String set = tmp.resolve("patchsets/mine").toString();
            Path patch = tmp.resolve("llvm-jobs.patch");
            Files.writeString(patch, DemoFixtures.llvmJobsPatch(), StandardCharsets.UTF_8);
            run(0, "new", set, "--repo", repo);
            run(0, "add", "rewrite", set, "--repo", repo, "--file", "ml-libs/CMakeLists.txt", "--find", "gfx950)",
                    "--replace", "gfx950 gfx1103)", "--id", "ck");
            run(0, "add", "patch", set, patch.toString(), "--repo", repo, "--component", ExampleWorkspace.LLVM, "--id", "jobs");
            DemoFixtures.moveUpstream(ex);

            SortedMap<String, String> before = gitFiles(ex.workTree());
            run(1, "verify", set, "--repo", repo, "--rev", "HEAD");
            run(0, "lock", "--repo", repo, "--rev", "HEAD", "-o", tmp.resolve("pins/x.lock.toml").toString());
            run(0, "bisect", set, "--repo", repo, "--entry", "jobs", "--good", "HEAD~5", "--bad", "HEAD");
            run(0, "rebase", set, "--repo", repo, "--onto", "HEAD~2");
            run(1, "rebase", set, "--repo", repo, "--onto", "HEAD");

            assertThat(gitFiles(ex.workTree())).isEqualTo(before);
        }
    }

    private static void run(int expected, String... args) {
        Cli.Run r = Cli.run(args);
        assertThat(r.exit()).as(String.join(" ", args) + "\n" + r.out() + r.err()).isEqualTo(expected);
    }

    /** path -> size and modification time of every file below every .git of the work tree. */
    private static SortedMap<String, String> gitFiles(Path workTree) throws IOException {
        SortedMap<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(workTree)) {
            all.filter(p -> p.toString().contains("/.git"))
                    .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> out.put(workTree.relativize(p).toString(), stamp(p)));
        }
        return out;
    }

    private static String stamp(Path p) {
        try {
            return Files.size(p) + "@" + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
