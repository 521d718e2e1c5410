package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code apply --commit} and {@code revert} refuse, each before writing anything: staged changes a commit
 * would sweep in, commits above the pin that no entry made, and uncommitted edits beside entries applied as commits.
 */
class CommitAndRevertRefusalsTest {
    static final String CMAKE = TheRockFixture.ROCPROFILER_CMAKE;

    @TempDir
    Path tmp;

    Repo work;
    Repo sys;
    String repo;
    String set;

    @BeforeEach
    void setUp() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        work = fx.cloneWorkTree("work");
        sys = Repo.at(work.dir().resolve(SYSTEMS));
        repo = work.dir().toString();
        set = tmp.resolve("patchsets/mine").toString();
        ok("new", set, "--repo", repo);
        Entries.rewrite(
                set,
                repo,
                CMAKE,
                "add_subdirectory(external)",
                "add_subdirectory(external EXCLUDE_FROM_ALL)",
                "--id",
                "exclude",
                "--component",
                SYSTEMS);
    }

    @Test
    void applyCommitRefusesAFileWithStagedChangesAndWritesNothing() {
        String committed = sys.read(CMAKE);
        sys.write(CMAKE, committed + "# staged by hand\n");
        sys.git("add", CMAKE);
        sys.write(CMAKE, committed);
        String head = sys.head();

        Cli.Run r = Cli.run("apply", set, "--repo", repo, "--commit");

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err())
                .contains(SYSTEMS + "/" + CMAKE)
                .contains("has staged changes")
                .contains("nothing written");
        assertThat(sys.head()).isEqualTo(head);
        assertThat(sys.read(CMAKE)).isEqualTo(committed);
        assertThat(sys.git("diff", "--cached", "--name-only")).isEqualTo(CMAKE);
    }

    @Test
    void revertRefusesCommitsAboveThePinThatNoEntryMade() {
        ok("apply", set, "--repo", repo, "--commit");
        String applied = sys.read(CMAKE);
        String mine = sys.write("NOTES", "mine\n").commit("my own work");

        Cli.Run r = Cli.run("revert", set, "--repo", repo);

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err())
                .contains(SYSTEMS + ": HEAD " + mine.substring(0, 12))
                .contains("is above its pin")
                .contains("my own work");
        assertThat(sys.head()).isEqualTo(mine);
        assertThat(sys.read(CMAKE)).isEqualTo(applied);
    }

    @Test
    void revertRefusesEntriesAppliedAsCommitsBesideUncommittedEdits() {
        String pin = sys.head();
        ok("apply", set, "--repo", repo, "--commit");
        String head = sys.head();
        String applied = sys.read(CMAKE);
        sys.write(CMAKE, applied + "# wip\n");
        sys.git("add", CMAKE);

        Cli.Run r = Cli.run("revert", set, "--repo", repo);

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err())
                .contains(SYSTEMS + ": applied as commits, but its work tree also holds")
                .contains(CMAKE)
                .contains("commit or stash that first");
        assertThat(sys.head()).isEqualTo(head);
        assertThat(sys.read(CMAKE)).isEqualTo(applied + "# wip\n");

        // an edit elsewhere is the user's: revert writes back only the files the commits changed, and keeps it
        sys.git("reset", "-q", "--", CMAKE);
        sys.write(CMAKE, applied);
        sys.write("projects/rocprofiler-sdk/NOTES", "wip\n");
        sys.git("add", "projects/rocprofiler-sdk/NOTES");
        Cli.Run back = Cli.ok("revert", set, "--repo", repo);
        assertThat(sys.head()).isEqualTo(pin);
        assertThat(sys.git("status", "--porcelain")).isEqualTo("A  projects/rocprofiler-sdk/NOTES");
        assertThat(back.out() + back.err()).contains("reset to its pin");
    }
}
