package io.patchpin.gitstatus;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.util.NB;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Index edits against C git's own reading of the result, in each index version and with each refusal. */
class IndexEditsAgreeWithGitTest {
    @TempDir
    Path tmp;

    private static Repo base(Path dir) {
        Repo r = Repo.init(dir);
        r.write("a.txt", "a\n").write("b/c.txt", "c\n").write("z.txt", "z\n");
        r.commit("base");
        return r;
    }

    /** git ls-files -v tags a skip-worktree entry 'S'. */
    private static String tag(Repo r, String path) {
        return r.git("ls-files", "-v", "--", path).substring(0, 1);
    }

    @Test
    void skipWorktreeSetsAndClearsTheBitInEachVersion() throws Exception {
        for (String version : List.of("2", "3", "4")) {
            Repo r = base(tmp.resolve("v" + version));
            r.git("update-index", "--index-version", version);
            try (Git git = Git.open(r.dir().toFile())) {
                Repository repo = git.getRepository();
                assertThat(IndexEdits.skipWorktree(repo, "b/c.txt", false, false))
                        .isTrue(); // no flags: nothing to clear
                assertThat(IndexEdits.skipWorktree(repo, "b/c.txt", true, false))
                        .isTrue();
                assertThat(tag(r, "b/c.txt")).as("version " + version).isEqualTo("S");
                assertThat(tag(r, "a.txt")).isEqualTo("H");
                assertThat(NB.decodeInt32(Files.readAllBytes(repo.getIndexFile().toPath()), 4))
                        .isEqualTo(version.equals("2") ? 3 : Integer.parseInt(version));
                assertThat(IndexEdits.skipWorktree(repo, "b/c.txt", true, false))
                        .isTrue(); // already set
                assertThat(IndexEdits.skipWorktree(repo, "b/c.txt", false, false))
                        .isTrue();
                assertThat(tag(r, "b/c.txt")).isEqualTo("H");
                assertThat(IndexEdits.entry(repo, "b/c.txt"))
                        .map(DirCacheEntry::isSkipWorkTree)
                        .contains(false);
                assertThat(IndexEdits.skipWorktree(repo, "missing.txt", true, false))
                        .isFalse();
                r.git("fsck", "--no-progress");
            }
        }
    }

    @Test
    void skipWorktreeDropsTheOffsetExtensionsItMoves() throws Exception {
        Repo r = base(tmp.resolve("eoie"));
        // Written whether or not git sees anything to refresh: a refresh or status rewrites the index only while an
        // entry is racily clean (its file changed in the index's own second), which depends on the clock.
        r.git(
                "-c",
                "index.recordEndOfIndexEntries=true",
                "-c",
                "index.recordOffsetTable=true",
                "-c",
                "index.threads=2",
                "update-index",
                "--index-version",
                "2",
                "--force-write-index");
        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            byte[] before = Files.readAllBytes(repo.getIndexFile().toPath());
            assertThat(new String(before, StandardCharsets.ISO_8859_1)).contains("EOIE");
            assertThat(IndexEdits.skipWorktree(repo, "a.txt", true, false)).isTrue();
            byte[] after = Files.readAllBytes(repo.getIndexFile().toPath());
            assertThat(new String(after, StandardCharsets.ISO_8859_1))
                    .doesNotContain("EOIE")
                    .doesNotContain("IEOT");
            assertThat(tag(r, "a.txt")).isEqualTo("S");
            assertThat(IndexFile.parse(after).orElseThrow().skipWorkTree(0)).isTrue();
        }
    }

    @Test
    void intentToAddKeepsItsFlagWhenSkipWorktreeIsSet() throws Exception {
        Repo r = base(tmp.resolve("ita"));
        r.write("new.txt", "n\n").git("add", "-N", "new.txt");
        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            byte[] raw = Files.readAllBytes(repo.getIndexFile().toPath());
            IndexFile f = IndexFile.parse(raw).orElseThrow();
            assertThat(f.path(2)).isEqualTo("new.txt");
            assertThat(f.skipWorkTree(2)).isFalse();
            assertThat(IndexEdits.skipWorktree(repo, "new.txt", true, false)).isTrue();
            assertThat(tag(r, "new.txt")).isEqualTo("S");
            byte[] after = Files.readAllBytes(repo.getIndexFile().toPath());
            int at = IndexFile.entryBounds(after, "new.txt").orElseThrow().start() + 62;
            assertThat((after[at] & 0xff) << 8 | after[at + 1] & 0xff).isEqualTo(0x6000); // still intent-to-add
        }
    }

    @Test
    void noIndexFileMeansNoEntry() throws Exception {
        Repo r = Repo.init(tmp.resolve("empty"));
        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            assertThat(IndexEdits.skipWorktree(repo, "a.txt", true, false)).isFalse();
            assertThat(IndexEdits.entry(repo, "a.txt")).isEmpty();
            assertThat(IndexFile.read(repo).orElseThrow().count()).isZero();
        }
    }

    @Test
    void aSplitIndexIsRefusedInOneLine() throws Exception {
        Repo r = base(tmp.resolve("split"));
        r.git("update-index", "--split-index");
        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            assertThatThrownBy(() -> IndexEdits.read(repo))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("split index");
            assertThatThrownBy(() -> IndexEdits.skipWorktree(repo, "a.txt", true, false))
                    .isInstanceOf(BadInputException.class);
            assertThatThrownBy(() -> IndexEdits.matchCommit(repo, repo.resolve("HEAD"), List.of("a.txt")))
                    .isInstanceOf(BadInputException.class);
            assertThatThrownBy(() -> WorkTreeStatus.of(r.dir())).isInstanceOf(BadInputException.class);
        }
    }

    @Test
    void aSparseIndexIsRefusedInOneLine() throws Exception {
        Repo r = Repo.init(tmp.resolve("sparse"));
        r.write("in/a.txt", "a\n").write("out/b.txt", "b\n").write("top.txt", "t\n");
        r.commit("base");
        r.git("sparse-checkout", "set", "--cone", "--sparse-index", "in");
        byte[] raw = Files.readAllBytes(r.dir().resolve(".git/index"));
        assertThat(IndexFile.requiredExtension(raw)).contains("sdir");
        assertThat(IndexEdits.unreadable(raw))
                .hasValueSatisfying(s -> assertThat(s).contains("sparse index"));
    }

    @Test
    void unknownVersionsAndExtensionsAreNamed() {
        byte[] v5 = header(5, 0, 0);
        assertThat(IndexEdits.unreadable(v5))
                .contains("index version 5, which patchpin does not read (it reads 2 to 4)");
        byte[] v1 = header(1, 0, 0);
        assertThat(IndexEdits.unreadable(v1)).isPresent();
        byte[] odd = header(2, 0, 8);
        System.arraycopy("abcd".getBytes(StandardCharsets.US_ASCII), 0, odd, 12, 4);
        assertThat(IndexEdits.unreadable(odd)).contains("an index extension 'abcd' that patchpin does not know");
        assertThat(IndexFile.parse(odd)).isEmpty();
        assertThat(IndexEdits.unreadable(new byte[10])).isEmpty();
        assertThat(IndexEdits.unreadable(new byte[40])).isEmpty(); // no signature
        assertThat(IndexEdits.unreadable(header(2, 0, 0))).isEmpty();
    }

    @Test
    void matchCommitRestoresRemovesAndStampsEntries() throws Exception {
        Repo r = base(tmp.resolve("match"));
        String first = r.head();
        r.write("a.txt", "a2\n")
                .write("b/c.txt", "c2\n")
                .write("added.txt", "x\n")
                .git("add", "-A");
        r.commit("second");
        r.write("a.txt", "a\n"); // the work tree already holds the first commit's blob
        r.write("staged.txt", "s\n").git("add", "staged.txt");
        try (Git git = Git.open(r.dir().toFile())) {
            Repository repo = git.getRepository();
            ObjectId commit = ObjectId.fromString(first);
            IndexEdits.matchCommit(repo, commit, List.of("a.txt", "b/c.txt", "added.txt", "b", "gone.txt"));
            DirCacheEntry a = IndexEdits.entry(repo, "a.txt").orElseThrow();
            assertThat(a.getObjectId().name()).isEqualTo(r.git("rev-parse", first + ":a.txt"));
            assertThat(a.getLength()).isEqualTo(2); // stamped: the file holds that blob
            DirCacheEntry c = IndexEdits.entry(repo, "b/c.txt").orElseThrow();
            assertThat(c.getLength()).isZero(); // the file differs: no stat data, git compares contents
            assertThat(IndexEdits.entry(repo, "added.txt")).isEmpty();
            assertThat(IndexEdits.entry(repo, "staged.txt")).isPresent();
            assertThat(r.git("diff", "--cached", "--name-only", first)).isEqualTo("staged.txt");
            Files.delete(r.dir().resolve("z.txt"));
            IndexEdits.matchCommit(repo, commit, List.of("z.txt")); // outside the work tree: no stat data
            assertThat(IndexEdits.entry(repo, "z.txt").orElseThrow().getLength())
                    .isZero();
        }
    }

    /** A version {@code v} index of {@code n} entries with {@code extra} zero bytes after the header, checksum room. */
    private static byte[] header(int v, int n, int extra) {
        byte[] b = new byte[12 + extra + 20];
        System.arraycopy("DIRC".getBytes(StandardCharsets.US_ASCII), 0, b, 0, 4);
        b[7] = (byte) v;
        b[11] = (byte) n;
        return b;
    }
}
