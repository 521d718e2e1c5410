package io.patchpin.update;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.SmallRepo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code patchpin update} where its line of commits ends: nothing after the locked commit, a break at the very
 * first commit, and a target that shares no history with the lock (a one-repository workspace made in process).
 */
class UpdateAtTheEdgesOfItsLineTest {
    @TempDir
    Path root;

    private String c0;

    @BeforeEach
    void lockedWithOneEntry() throws Exception {
        c0 = SmallRepo.commit(root, Map.of("a.txt", "alpha\nbeta\n"));
        Folders.write(root.resolve(".git/info/exclude"), "pins/\npatchsets/\n");
        Folders.write(
                root.resolve("pins/p.toml"),
                "format = 1\npatchsets = [\"p\"]\n\n[[root]]\nname = \"TheRock\"\n"
                        + "url = \"https://example.com/TheRock.git\"\nref = \"main\"\npath = \"..\"\n");
        Path set = root.resolve("patchsets/p");
        Cli.ok("new", set, "--repo", root, "--rev", c0);
        Entries.rewrite(set, root, "a.txt", "beta", "BETA", "--id", "beta");
        Cli.ok("lock", "--repo", root, "--pins", pins(), "--rev", c0, "-o", lock());
    }

    private Path pins() {
        return root.resolve("pins/p.toml");
    }

    private Path lock() {
        return root.resolve("pins/p.lock.toml");
    }

    private Cli.Run update(String... more) {
        List<Object> args = new ArrayList<>(List.of("update", pins(), "--repo", root));
        args.addAll(List.of(more));
        return Cli.run(args.toArray());
    }

    @Test
    void latestGoodWithNoNewCommitIsAlreadyThere() {
        Cli.Run r = update("--latest-good");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("): already there").doesNotContain("next break");
    }

    @Test
    void aBreakAtTheFirstCommitLeavesTheLockWhereItIsAndNamesThatCommit() throws Exception {
        String c1;
        try (Git git = Git.open(root.toFile())) {
            c1 = SmallRepo.commit(git, "a.txt", "alpha\ngamma\n").name();
        }
        String before = Files.readString(lock(), StandardCharsets.UTF_8);
        Cli.Run r = update("--latest-good");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains(c0.substring(0, 12) + " -> " + c0.substring(0, 12))
                .contains("next break: " + c1.substring(0, 12) + " \"a.txt\" makes p/beta");
        assertThat(Files.readString(lock(), StandardCharsets.UTF_8)).isEqualTo(before);
    }

    @Test
    void aTargetThatSharesNoHistoryIsBlockedWithoutABreakToStopBefore() throws Exception {
        String other;
        try (Git git = Git.open(root.toFile())) {
            other = SmallRepo.orphan(git, "other", "a.txt", "alpha\n").name();
        }
        String before = Files.readString(lock(), StandardCharsets.UTF_8);
        for (Cli.Run r : new Cli.Run[] {update("--to", other), update("--to", other, "--stop-before-conflict")}) {
            assertThat(r.exit()).as(r.err()).isEqualTo(1);
            assertThat(r.out()).contains("): blocked").doesNotContain("next break");
        }
        Cli.Run json = update("--to", other, "--format", "json");
        assertThat(json.exit()).as(json.err()).isEqualTo(1);
        assertThat(json.out()).contains("\"status\":\"blocked\"", "\"next\":null", "\"lock_diff\":null");
        Cli.Run markdown = update("--to", other, "--format", "markdown");
        assertThat(markdown.exit()).as(markdown.err()).isEqualTo(1);
        assertThat(markdown.out())
                .contains("): blocked", "nothing written: a patchset would not rebase cleanly")
                .doesNotContain("next break", "## Lock diff");
        assertThat(Files.readString(lock(), StandardCharsets.UTF_8)).isEqualTo(before);
    }
}
