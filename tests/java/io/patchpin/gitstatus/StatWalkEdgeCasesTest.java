package io.patchpin.gitstatus;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stat walk on what WorkTreeStatusTest leaves out: no commit yet, index flags, links, nested repositories. */
class StatWalkEdgeCasesTest {
    @TempDir
    Path tmp;

    @Test
    void aRepositoryWithoutACommitCountsWhatIsStagedAndUntracked() throws Exception {
        Repo r = Repo.init(tmp.resolve("new")).write("staged.txt", "s\n").write("loose.txt", "l\n");
        r.git("add", "staged.txt");
        WorkTreeStatus s = WorkTreeStatus.of(r.dir());
        assertThat(s.head()).isEqualTo("(none)");
        assertThat(s.changed()).containsExactly("loose.txt", "staged.txt");
    }

    @Test
    void flaggedEntriesLinksFoldersAndNestedRepositories() throws Exception {
        Repo r = Repo.init(tmp.resolve("work"))
                .write("assumed.txt", "a\n")
                .write("sparse.txt", "s\n")
                .write("target.txt", "t\n")
                .write("became-dir", "f\n")
                .write("became-link", "f\n");
        Files.createSymbolicLink(r.dir().resolve("link"), Path.of("target.txt"));
        Files.createSymbolicLink(r.dir().resolve("relinked"), Path.of("target.txt"));
        r.commit("base");
        r.git("update-index", "--assume-unchanged", "assumed.txt");
        r.git("update-index", "--skip-worktree", "sparse.txt");
        Files.writeString(r.dir().resolve("assumed.txt"), "changed but assumed\n");
        Files.delete(r.dir().resolve("sparse.txt"));
        Files.delete(r.dir().resolve("relinked"));
        Files.createSymbolicLink(r.dir().resolve("relinked"), Path.of("assumed.txt"));
        Files.delete(r.dir().resolve("became-dir"));
        Files.createDirectories(r.dir().resolve("became-dir"));
        Files.writeString(r.dir().resolve("became-dir/inner.txt"), "i\n");
        Files.delete(r.dir().resolve("became-link"));
        Files.createSymbolicLink(r.dir().resolve("became-link"), Path.of("target.txt"));
        Repo.init(r.dir().resolve("vendor/nested")).write("n.txt", "n\n");

        assertThat(WorkTreeStatus.of(r.dir()).changed())
                .containsExactly("became-dir", "became-link", "relinked", "vendor/nested");
    }

    @Test
    void coreExcludesFileIsHonoured() throws Exception {
        Path excludes = Files.writeString(tmp.resolve("global-ignore"), "*.tmp\n");
        Repo r = Repo.init(tmp.resolve("work")).write("a.txt", "a\n");
        r.commit("base");
        r.git("config", "core.excludesFile", excludes.toString());
        r.write("x.tmp", "ignored\n").write("y.txt", "not ignored\n");
        assertThat(WorkTreeStatus.of(r.dir()).changed()).containsExactly("y.txt");
    }
}
