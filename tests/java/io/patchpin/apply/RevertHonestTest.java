package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Revert never claims more than it did: when the user changed one of an
 * entry's lines, that entry cannot be undone, and revert refuses the file
 * (exit 1, nothing written) naming the entry and the line.
 */
class RevertHonestTest {
    private static final String FILE = TheRockFixture.ML_LIBS;

    @TempDir
    Path tmp;

    Path set;

    @Test
    void anEntryWhoseLineTheUserChangedIsNamedAndNothingIsWritten() throws IOException {
        Path clone = cloneWithGfxAndJobs();
        String repo = clone.toString();
        Entries.rewrite(set, repo, FILE, "-DFOO=1", "-DFOO=2", "--id", "foo");
        Cli.ok("apply", set, "--repo", repo);
        Path file = clone.resolve(FILE);
        String edited = Files.readString(file, StandardCharsets.UTF_8).replace("-DFOO=2", "-DFOO=3 # mine");
        Files.writeString(file, edited, StandardCharsets.UTF_8);

        Cli.Run r = Cli.run("revert", set, "--repo", repo);

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err())
                .contains("entry 'foo' cannot be undone: its line '-DFOO=2'")
                .contains("nothing written");
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(edited);
    }

    @Test
    void anInsertWhoseLineTheUserChangedIsNotLeftBehindWithExitZero() throws IOException {
        Path clone = cloneWithGfxAndJobs();
        String repo = clone.toString();
        Cli.ok("apply", set, "--repo", repo);
        Path file = clone.resolve(FILE);
        String edited = Files.readString(file, StandardCharsets.UTF_8).replace("-DJOBS=8", "-DJOBS=16");
        Files.writeString(file, edited, StandardCharsets.UTF_8);

        Cli.Run r = Cli.run("revert", set, "--repo", repo);

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).contains("entry 'jobs'").contains("its line '-DJOBS=8' was changed");
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(edited);
    }

    /** A clone of the fixture and, in {@link #set}, a set that rewrites the gfx list and inserts a jobs line. */
    private Path cloneWithGfxAndJobs() throws IOException {
        Path clone = TheRockFixture.create(tmp).cloneWorkTree("clone").dir();
        String repo = clone.toString();
        set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(set, repo, FILE, "gfx950 gfx1100", "gfx950 gfx1100 gfx1201", "--id", "gfx");
        Entries.add(
                "insert", set, repo, "--file", FILE, "--id", "jobs", "--after", "CMAKE_ARGS", "--text", "    -DJOBS=8");
        return clone;
    }
}
