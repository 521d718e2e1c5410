package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defect 7 of issue 28: an upstream .gitmodules of many entries made lock and
 * verify quadratic (each entry re-read the .gitmodules blob for its line and
 * re-walked the tree for its gitlink: 2,500 entries took 31 s, 10,000 over
 * 120 s). Both are now read once per component; tests/bench/gitmodules.sh
 * times 2,500, 10,000 and 100,000 entries.
 */
class ManySubmodulesLockInSecondsTest {
    @TempDir
    Path tmp;

    /** A superproject declaring {@code n} submodules in folders of 100, gitlinks to commits nobody has. */
    private Repo superproject(int n) throws Exception {
        Repo repo = Repo.init(tmp.resolve("super"));
        StringBuilder modules = new StringBuilder();
        try (Repository r = new FileRepositoryBuilder()
                .setGitDir(repo.dir().resolve(".git").toFile())
                .build()) {
            DirCache index = r.lockDirCache();
            DirCacheBuilder b = index.builder();
            for (int i = 0; i < n; i++) {
                String path = String.format("deps/g%03d/m%06d", i / 100, i);
                modules.append("[submodule \"")
                        .append(path)
                        .append("\"]\n\tpath = ")
                        .append(path)
                        .append("\n\turl = https://example.org/org/")
                        .append(i)
                        .append(".git\n");
                DirCacheEntry e = new DirCacheEntry(path);
                e.setFileMode(FileMode.GITLINK);
                e.setObjectId(ObjectId.fromString(String.format("%040x", i + 1)));
                b.add(e);
            }
            b.commit();
        }
        Files.writeString(repo.dir().resolve(".gitmodules"), modules.toString(), StandardCharsets.UTF_8);
        // C git stages and commits this 10,000-entry index for less CPU than JGit's add and commit
        repo.git("add", ".gitmodules");
        repo.git("commit", "-q", "-m", n + " submodules");
        return repo;
    }

    @Test
    void tenThousandEntriesLockInSeconds() throws Exception {
        Repo repo = superproject(10_000);
        Path out = tmp.resolve("lock.toml");
        long start = System.nanoTime();
        Cli.Run run = Cli.run("lock", "--repo", repo.dir(), "--rev", "HEAD", "-o", out);
        long seconds = (System.nanoTime() - start) / 1_000_000_000;
        assertThat(run.exit()).as(run.err()).isIn(0, 1);
        // before the fix 10,000 entries took over 120 s; one read per component keeps it to a few seconds
        assertThat(seconds).isLessThan(30);
        String lock = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(lock).contains("deps/g000/m000000").contains("deps/g099/m009999");
    }

    @Test
    void aRefusedUrlStillNamesItsLine() throws Exception {
        Repo repo = Repo.init(tmp.resolve("bad"));
        repo.write("a.txt", "a\n").commit("base");
        String modules = "[submodule \"a\"]\n\tpath = a\n\turl = https://example.org/a.git\n"
                + "[submodule \"b\"]\n\tpath = b\n\turl = ext::sh -c touch% /tmp/pwned\n";
        repo.write(".gitmodules", modules);
        repo.gitlink("a", "1".repeat(40)).gitlink("b", "2".repeat(40)).commit("two");
        Cli.Run run = Cli.run("lock", "--repo", repo.dir(), "--rev", "HEAD");
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(".gitmodules of . at ").contains(":6: ").contains("refused");
    }
}
