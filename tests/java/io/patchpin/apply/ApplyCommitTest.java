package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** apply --commit against C git's {@code git am} on the same mails, in a real TheRock-shaped workspace. */
class ApplyCommitTest extends TheRockWorkTest {
    static final String CMAKE = TheRockFixture.ROCPROFILER_CMAKE;
    static final String LOG = "--format=%an|%ae|%ad|%s|%b|%T";

    Path set;

    @BeforeEach
    void setUp() throws IOException {
        set = newSet("sets/mine");
    }

    /** A format-patch mail made by C git on a scratch copy of {@code upstream}, with a fixed foreign author. */
    Path mail(Repo upstream, String name, Edit edit) throws IOException {
        Repo scratch = Repo.at(tmp.resolve("scratch-" + name));
        Folders.copyCheckout(upstream.dir(), scratch.dir());
        edit.apply(scratch);
        scratch.commitAs(
                "Ada Lovelace",
                "ada@example.org",
                OffsetDateTime.of(2023, 11, 15, 0, 13, 20, 0, ZoneOffset.ofHours(2)),
                "Teach the build about " + name + "\n\nThe old check missed it.\nSecond line of the body.");
        Path p = tmp.resolve(name + ".patch");
        Files.writeString(p, scratch.git("format-patch", "-1", "--stdout") + "\n", StandardCharsets.UTF_8);
        return p;
    }

    interface Edit {
        void apply(Repo r) throws IOException;
    }

    Cli.Run add(String component, Path patch) {
        Cli.Run r = Entries.add("patch", set, work.dir(), "--component", component, patch);
        return r;
    }

    Cli.Run applyCommit() {
        return Cli.run("apply", set, "--repo", work.dir(), "--commit");
    }

    /** What {@code git am} gives for {@code patch} on a copy of {@code upstream}'s checkout. */
    String gitAm(Repo upstream, Path patch, String name) {
        Repo am = Repo.at(tmp.resolve("am-" + name));
        Folders.copyCheckout(upstream.dir(), am.dir());
        am.git("am", "-q", patch.toString());
        return am.git("log", "-1", "--date=raw", LOG);
    }

    static Edit script() {
        return r -> {
            r.write("tools/build.sh", "#!/bin/sh\necho build\n");
            Files.setPosixFilePermissions(
                    r.dir().resolve("tools/build.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
            r.write(
                    CMAKE,
                    r.read(CMAKE)
                            .replace(
                                    "add_subdirectory(external)",
                                    "add_subdirectory(external)\nadd_subdirectory(tools)"));
        };
    }

    @Test
    void formatPatchMailGivesTheCommitGitAmGives() throws IOException {
        Path patch = mail(fx.systems, "tools", script());
        add(TheRockFixture.SYSTEMS, patch);
        Repo sys = Repo.at(work.dir().resolve(TheRockFixture.SYSTEMS));
        String before = sys.head();
        String superHead = work.head();

        Cli.Run r = applyCommit();

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("patchpin: committed rocm-systems ").contains("Teach the build about tools");
        assertThat(sys.git("log", "-1", "--date=raw", LOG)).isEqualTo(gitAm(fx.systems, patch, "tools"));
        assertThat(sys.git("rev-parse", "HEAD^")).isEqualTo(before);
        assertThat(sys.git("ls-tree", "HEAD", "tools/build.sh")).startsWith("100755 blob");
        assertThat(sys.git("status", "--porcelain")).isEmpty();
        // the superproject is left alone: its gitlink still names the old commit, so it shows the component as modified
        assertThat(work.head()).isEqualTo(superHead);
        assertThat(work.git("status", "--porcelain", "--untracked-files=no")).isEqualTo(" M rocm-systems");
    }

    @Test
    void nestedComponentAndRewriteCommitInTheirOwnRepositories() throws IOException {
        Path patch = mail(fx.perfetto, "perfetto", r -> r.write("BUILD.gn", "group(\"perfetto\") {\n  deps = []\n}\n"));
        add(TheRockFixture.PERFETTO, patch);
        Entries.rewrite(
                set,
                work.dir(),
                CMAKE,
                "rocprofiler-sdk",
                "rocprofiler-sdk-local",
                "--id",
                "local-name",
                "--component",
                TheRockFixture.SYSTEMS,
                "--occurrence",
                "1",
                "--why",
                "Name the local build\n\nKeeps two installs apart.");
        Repo sys = Repo.at(work.dir().resolve(TheRockFixture.SYSTEMS));
        Repo perf = Repo.at(work.dir().resolve(TheRockFixture.PERFETTO));
        sys.git("config", "user.name", "Cee Committer");
        sys.git("config", "user.email", "cee@example.org");
        String sysBefore = sys.head();

        Cli.Run r = applyCommit();

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(perf.git("log", "-1", "--date=raw", LOG)).isEqualTo(gitAm(fx.perfetto, patch, "perfetto"));
        assertThat(sys.git("rev-parse", "HEAD^")).isEqualTo(sysBefore);
        assertThat(sys.git("log", "-1", "--format=%an <%ae>|%cn <%ce>|%B"))
                .isEqualTo("Cee Committer <cee@example.org>|Cee Committer <cee@example.org>|Name the local build\n\n"
                        + "Keeps two installs apart.\n\nPatchpin-Entry: local-name\n");
        // the rewrite's commit holds its file only, not the nested component's moved gitlink
        assertThat(sys.git("show", "--name-only", "--format=", "HEAD")).isEqualTo(CMAKE);
        assertThat(sys.git("status", "--porcelain", "--untracked-files=no"))
                .isEqualTo(" M projects/rocprofiler-sdk/external/perfetto");
    }

    @Test
    void secondRunCommitsNothing() throws IOException {
        add(TheRockFixture.SYSTEMS, mail(fx.systems, "tools", script()));
        assertThat(applyCommit().exit()).isZero();
        Repo sys = Repo.at(work.dir().resolve(TheRockFixture.SYSTEMS));
        String head = sys.head();

        Cli.Run again = applyCommit();

        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.err()).contains("nothing to do").doesNotContain("committed");
        assertThat(sys.head()).isEqualTo(head);
    }

    @Test
    void failureMidwayPutsEveryCommitAndFileBack() throws IOException {
        add(TheRockFixture.SYSTEMS, mail(fx.systems, "tools", script()));
        add(
                TheRockFixture.PERFETTO,
                mail(fx.perfetto, "perfetto", r -> r.write("BUILD.gn", "group(\"perfetto\") {\n  deps = []\n}\n")));
        Repo sys = Repo.at(work.dir().resolve(TheRockFixture.SYSTEMS));
        Repo perf = Repo.at(work.dir().resolve(TheRockFixture.PERFETTO));
        String sysHead = sys.head();
        String perfHead = perf.head();
        String cmake = sys.read(CMAKE);
        // rocm-systems commits first (sorted); perfetto's index is locked, as by a git running beside us
        Path lock = Path.of(perf.git("rev-parse", "--absolute-git-dir")).resolve("index.lock");
        Files.writeString(lock, "");

        Cli.Run r = applyCommit();

        Files.delete(lock);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("cannot commit in perfetto").contains("put back");
        assertThat(sys.head()).isEqualTo(sysHead);
        assertThat(perf.head()).isEqualTo(perfHead);
        assertThat(sys.read(CMAKE)).isEqualTo(cmake);
        assertThat(Files.exists(sys.dir().resolve("tools/build.sh"))).isFalse();
        assertThat(sys.git("status", "--porcelain")).isEmpty();
        assertThat(perf.git("status", "--porcelain")).isEmpty();
    }

    Cli.Run rewrite(String id, String find, String replace) {
        Cli.Run r = Entries.rewrite(
                set,
                work.dir(),
                CMAKE,
                find,
                replace,
                "--id",
                id,
                "--component",
                TheRockFixture.SYSTEMS,
                "--occurrence",
                "1");
        return r;
    }

    @Test
    void refusesWhenAFileHoldsAnEarlierUncommittedApply() {
        rewrite("spaced", "project(", "project (");
        Cli.ok("apply", set, "--repo", work.dir());
        rewrite("exclude", "add_subdirectory(external)", "add_subdirectory(external EXCLUDE_FROM_ALL)");
        Repo sys = Repo.at(work.dir().resolve(TheRockFixture.SYSTEMS));
        String head = sys.head();
        String now = sys.read(CMAKE);

        Cli.Run r = applyCommit();

        // committing "exclude" now would sweep the uncommitted "spaced" edit into its commit
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("differs from the checked-out commit").contains("nothing written");
        assertThat(sys.head()).isEqualTo(head);
        assertThat(sys.read(CMAKE)).isEqualTo(now);
    }

    @Test
    void refusesWhenTheEntriesAreAlreadyAppliedButNotCommitted() {
        rewrite("spaced", "project(", "project (");
        Cli.ok("apply", set, "--repo", work.dir());
        Repo sys = Repo.at(work.dir().resolve(TheRockFixture.SYSTEMS));
        String head = sys.head();
        String now = sys.read(CMAKE);

        Cli.Run r = applyCommit();

        // it used to say "applied 0 file(s)" with exit 0, committing nothing and leaving the edit uncommitted
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .contains("entry 'spaced' is applied in the work tree but not committed")
                .contains("rocm-systems/" + CMAKE)
                .contains("nothing written");
        assertThat(sys.head()).isEqualTo(head);
        assertThat(sys.read(CMAKE)).isEqualTo(now);
    }
}
