package io.patchpin.gitstatus;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The direct index read agrees with JGit's, field by field, in each index version git writes. */
class IndexFileTest {
    @TempDir
    Path tmp;

    @Test
    void readsVersionsTwoToFourAsJGitDoes() throws Exception {
        Repo r = Repo.init(tmp.resolve("work"));
        r.write("a.txt", "a\n")
                .write("a-b/x.txt", "x\n")
                .write("a/b/c.txt", "c\n")
                .write("a.c", "dot\n")
                .write("naïve/é.txt", "utf-8\n")
                .write("run.sh", "echo\n")
                .write("d/" + ("n".repeat(200) + "/").repeat(3) + "f.txt", "long\n");
        r.git("update-index", "--add", "--chmod=+x", "run.sh");
        r.commit("base");
        r.git("update-index", "--skip-worktree", "a.c");
        r.write("staged.txt", "new\n").git("add", "staged.txt"); // the cached tree no longer says HEAD
        r.write("naïve/é.txt", "edited\n").write("naïve/ü.txt", "untracked\n").delete("a-b/x.txt");
        for (String version : new String[] {"2", "3", "4"}) {
            r.git("update-index", "--index-version", version);
            try (Git git = Git.open(r.dir().toFile())) {
                Repository repo = git.getRepository();
                byte[] raw = Files.readAllBytes(repo.getIndexFile().toPath());
                Optional<IndexFile> direct = IndexFile.parse(raw);
                assertThat(direct).as("version " + version).isPresent();
                assertSame(direct.get(), IndexFile.of(repo.readDirCache()), repo.readDirCache());
                assertThat(direct.get().cachedTree()).isNull();
            }
            assertThat(WorkTreeStatus.of(r.dir()).changed())
                    .as("version " + version)
                    .containsExactly("a-b/x.txt", "naïve/é.txt", "naïve/ü.txt", "staged.txt");
        }
    }

    @Test
    void aValidCachedTreeIsHeadsTree() throws Exception {
        Repo r = Repo.init(tmp.resolve("clean"));
        r.write("src/a.c", "a\n").write("b.txt", "b\n");
        r.commit("base");
        r.git("status", "--porcelain"); // writes the cached tree
        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            IndexFile f = IndexFile.parse(Files.readAllBytes(repo.getIndexFile().toPath()))
                    .orElseThrow();
            assertThat(f.cachedTree()).isEqualTo(repo.resolve("HEAD^{tree}"));
        }
    }

    @Test
    void leavesWhatItDoesNotKnowToJGit() {
        byte[] raw = "DIRC".getBytes(StandardCharsets.US_ASCII);
        assertThat(IndexFile.parse(Arrays.copyOf(raw, 40))).isEmpty(); // version 0
        byte[] v1 = Arrays.copyOf(raw, 40);
        v1[7] = 1;
        assertThat(IndexFile.parse(v1)).isEmpty();
        byte[] shortOne = Arrays.copyOf(raw, 40);
        shortOne[7] = 2;
        shortOne[11] = 1; // one entry, no room for it
        assertThat(IndexFile.parse(shortOne)).isEmpty();
        byte[] required = Arrays.copyOf(raw, 12 + 8 + 20);
        required[7] = 2;
        System.arraycopy("link".getBytes(StandardCharsets.US_ASCII), 0, required, 12, 4); // a split index
        assertThat(IndexFile.parse(required)).isEmpty();
        required[12] = 'L'; // the same, optional: skipped
        assertThat(IndexFile.parse(required)).isPresent();
    }

    private static void assertSame(IndexFile a, IndexFile b, DirCache dc) {
        assertThat(a.count()).isEqualTo(b.count()).isEqualTo(dc.getEntryCount());
        for (int i = 0; i < a.count(); i++) {
            DirCacheEntry e = dc.getEntry(i);
            String what = e.getPathString();
            assertThat(a.path(i)).as(what).isEqualTo(b.path(i)).isEqualTo(what);
            assertThat(a.fileMode(i)).as(what).isEqualTo(b.fileMode(i)).isEqualTo(e.getFileMode());
            assertThat(a.size(i)).as(what).isEqualTo(b.size(i)).isEqualTo(e.getLength());
            assertThat(a.mtimeSeconds(i)).as(what).isEqualTo(b.mtimeSeconds(i));
            assertThat(a.mtimeNanos(i)).as(what).isEqualTo(b.mtimeNanos(i));
            assertThat(a.stage(i)).as(what).isEqualTo(b.stage(i)).isEqualTo(e.getStage());
            assertThat(a.assumeValid(i)).as(what).isEqualTo(b.assumeValid(i)).isEqualTo(e.isAssumeValid());
            assertThat(a.skipWorkTree(i)).as(what).isEqualTo(b.skipWorkTree(i)).isEqualTo(e.isSkipWorkTree());
            assertThat(a.idEquals(i, e.getObjectId())).as(what).isTrue();
            assertThat(b.idEquals(i, e.getObjectId())).as(what).isTrue();
        }
    }
}
