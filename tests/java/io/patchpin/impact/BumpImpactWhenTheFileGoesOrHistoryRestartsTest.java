package io.patchpin.impact;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.SmallRepo;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lock diff OLD NEW DIR} where the bump deletes an entry's file (every line of it is a change near the
 * entry, and that commit is the cause) or moves to a history of its own (a root commit has no verdict before it,
 * so it causes nothing): a one-repository workspace made in process.
 */
class BumpImpactWhenTheFileGoesOrHistoryRestartsTest {
    private static final PersonIdent TEST =
            new PersonIdent("Test", "test@example.com", Instant.parse("2026-01-02T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path root;

    private Path set;

    @BeforeEach
    void lockedWithOneEntry() throws Exception {
        String c0 = SmallRepo.commit(root, Map.of("a.txt", "alpha\nbeta\n", "b.txt", "b\n"));
        Folders.write(root.resolve(".git/info/exclude"), "pins/\npatchsets/\n");
        Folders.write(
                root.resolve("pins/p.toml"),
                "format = 1\npatchsets = [\"p\"]\n\n[[root]]\nname = \"TheRock\"\n"
                        + "url = \"https://example.com/TheRock.git\"\nref = \"main\"\npath = \"..\"\n");
        set = root.resolve("patchsets/p");
        Cli.ok("new", set, "--repo", root, "--rev", c0);
        Entries.rewrite(set, root, "a.txt", "beta", "BETA", "--id", "beta");
        lockAt(c0, "old");
    }

    private Path lockAt(String rev, String name) {
        Path lock = root.resolve("pins/" + name + ".lock.toml");
        Cli.ok("lock", "--repo", root, "--pins", root.resolve("pins/p.toml"), "--rev", rev, "-o", lock);
        return lock;
    }

    private Cli.Run diffTo(String rev) {
        return Cli.run("lock", "diff", "--repo", root, root.resolve("pins/old.lock.toml"), lockAt(rev, "new"), set);
    }

    @Test
    void aCommitDeletingTheFileIsTheCauseAndAllItsLinesAreNearTheEntry() throws Exception {
        String gone;
        try (Git git = Git.open(root.toFile())) {
            git.rm().addFilepattern("a.txt").call();
            gone = git.commit()
                    .setMessage("drop a")
                    .setAuthor(TEST)
                    .setCommitter(TEST)
                    .setSign(false)
                    .call()
                    .name();
        }
        Cli.Run r = diffTo(gone);
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        String at = gone.substring(0, 12);
        assertThat(r.out())
                .contains("`beta` FILE_MISSING by " + at + " \"drop a\"")
                .contains("p/beta  a.txt  EXACT -> FILE_MISSING  (1 change, 1 near it)")
                .contains("@@ -1,2 +0,0 @@\n        -alpha\n        -beta\n")
                .contains("broken  p/beta  FILE_MISSING by " + at);
    }

    @Test
    void aRootCommitOfAnotherHistoryHasNoVerdictBeforeItAndCausesNothing() throws Exception {
        String other;
        try (Git git = Git.open(root.toFile())) {
            other = SmallRepo.orphan(git, "other", "a.txt", "alpha\nbeta gamma\n")
                    .name();
        }
        Cli.Run r = diffTo(other);
        assertThat(r.exit()).as(r.err()).isEqualTo(3);
        assertThat(r.out())
                .contains("(1 ahead, 1 behind)")
                .contains("p/beta  a.txt  (new file) -> DRIFTED  (1 change, its place not found before it)")
                .contains("review  p/beta  DRIFTED  line changed at line 2")
                .doesNotContain("DRIFTED by");
    }
}
