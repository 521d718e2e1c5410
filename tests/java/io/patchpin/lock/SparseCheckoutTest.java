package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Moving a component whose index holds skip-worktree entries: skipped paths follow the commit without a file. */
class SparseCheckoutTest {
    @TempDir
    Path tmp;

    @Test
    void aCleanIndexNeedsNoSparseCheckout() throws Exception {
        Repo r = Repo.init(tmp.resolve("plain"));
        r.write("a.txt", "a\n").commit("base");
        try (Git git = Git.open(r.dir().toFile())) {
            assertThat(SparseCheckout.needed(git.getRepository())).isFalse();
        }
    }

    @Test
    void skippedPathsFollowTheCommitAndTheRestIsWritten() throws Exception {
        Repo r = Repo.init(tmp.resolve("c"));
        String from = r.write("a.txt", "a\n")
                .write("gone.txt", "gone\n")
                .write("skip.txt", "skip\n")
                .write("skipgone.txt", "sg\n")
                .commit("base");
        r.write("a.txt", "A\n").write("skip.txt", "SKIP\n").write("run.sh", "#!/bin/sh\n");
        Files.setPosixFilePermissions(r.dir().resolve("run.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createSymbolicLink(r.dir().resolve("link"), Path.of("a.txt"));
        r.delete("gone.txt").delete("skipgone.txt");
        r.git("update-index", "--add", "--cacheinfo", "160000," + from + ",sub");
        String to = r.commit("next");

        r.git("checkout", "-q", from);
        r.git("update-index", "--skip-worktree", "skip.txt", "skipgone.txt");
        Files.delete(r.dir().resolve("skip.txt"));
        Files.delete(r.dir().resolve("skipgone.txt"));

        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            assertThat(SparseCheckout.needed(repo)).isTrue();
            SparseCheckout.run(repo, ObjectId.fromString(to), false);

            assertThat(r.read("a.txt")).isEqualTo("A\n");
            assertThat(r.dir().resolve("gone.txt")).doesNotExist();
            assertThat(r.dir().resolve("skip.txt")).doesNotExist();
            assertThat(r.dir().resolve("skipgone.txt")).doesNotExist();
            assertThat(r.dir().resolve("sub")).doesNotExist();
            assertThat(Files.isSymbolicLink(r.dir().resolve("link"))).isTrue();
            assertThat(Files.readSymbolicLink(r.dir().resolve("link"))).isEqualTo(Path.of("a.txt"));
            assertThat(Files.getPosixFilePermissions(r.dir().resolve("run.sh")))
                    .contains(PosixFilePermission.OWNER_EXECUTE);
            assertThat(Files.getPosixFilePermissions(r.dir().resolve("a.txt")))
                    .doesNotContain(PosixFilePermission.OWNER_EXECUTE);

            DirCache dc = DirCache.read(repo);
            DirCacheEntry skip = dc.getEntry("skip.txt");
            assertThat(skip.isSkipWorkTree()).isTrue();
            assertThat(skip.getObjectId().name()).isEqualTo(r.git("rev-parse", to + ":skip.txt"));
            assertThat(dc.getEntry("skipgone.txt")).isNull();
            assertThat(dc.getEntry("gone.txt")).isNull();
            assertThat(repo.resolve("HEAD").name()).isEqualTo(to);
            assertThat(repo.getFullBranch()).isEqualTo(to);
        }
    }
}
