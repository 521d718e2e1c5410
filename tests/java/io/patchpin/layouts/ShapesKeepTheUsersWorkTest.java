package io.patchpin.layouts;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.workspace.GitConfigFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.util.SystemReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a repository shape once broke, one test each: the index, untracked files, hooks, read-only mirrors, the
 * user's own git configuration. Each test's comment names the defect it proves gone.
 */
class ShapesKeepTheUsersWorkTest {
    @TempDir
    Path tmp;

    /** Defect 1: apply --commit dropped every committed file from the index of a sparse (worktreeConfig) submodule. */
    @Test
    void applyCommitKeepsTheIndexOfASubmoduleUsingWorktreeConfig() {
        Shape s = Shape.plain(tmp);
        Layout.SPARSE_CONE.shape(s); // the copy made sparse, as the user would: no clone of its own
        assertThat(Git.run(s.comp(), "config", "--get", "extensions.worktreeConfig"))
                .isEqualTo("true");
        String files = Git.run(s.comp(), "ls-files");

        s.ok("apply", s.set.toString(), "--commit");

        assertThat(Git.run(s.comp(), "ls-files")).isEqualTo(files + "\nsrc/new.txt");
        assertThat(Git.run(s.comp(), "status", "--porcelain")).isEmpty();
        assertThat(s.ok("audit", s.set.toString()).out()).contains("0 unrecorded");
        s.ok("revert", s.set.toString());
        assertThat(Git.run(s.comp(), "status", "--porcelain")).isEmpty();
        assertThat(Git.run(s.comp(), "ls-files")).isEqualTo(files);
    }

    /** Defect 1, the shapes patchpin cannot read: refused up front, one line, exit 2, nothing written. */
    @Test
    void shapesPatchpinCannotReadAreRefusedInOneLine() {
        Shape s = Shape.plain(tmp);
        Git.run(s.comp(), "update-index", "--split-index");
        Cli.Run split = s.run("apply", s.set.toString(), "--commit");
        assertThat(split.exit()).isEqualTo(2);
        assertThat(split.errLines()).singleElement().asString().contains("a split index");
        Git.run(s.comp(), "update-index", "--no-split-index");
        Git.run(s.comp(), "sparse-checkout", "set", "--cone", "--sparse-index", "src");
        Cli.Run sparse = s.run("audit", s.set.toString());
        assertThat(sparse.exit()).isEqualTo(2);
        assertThat(sparse.errLines()).singleElement().asString().contains("a sparse index");
        assertThat(Git.run(s.comp(), "status", "--porcelain")).isEmpty();

        Repo sha256 = Repo.at(tmp.resolve("sha256"));
        Git.run(tmp, "init", "-q", "--object-format=sha256", "sha256");
        sha256.write("a", "a\n").commit("a");
        Cli.Run refused = Cli.run("new", tmp.resolve("sets/s"), "--repo", sha256.dir());
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.errLines()).singleElement().asString().contains("sha256 object format");
    }

    /** Defect 2: an untracked file that existed before apply and equals a file the patch creates survives revert. */
    @Test
    void revertKeepsAnUntrackedFileThatExistedBeforeApply() throws IOException {
        Shape s = Shape.plain(tmp);
        Path mine = s.comp().resolve("src/new.txt");
        Files.writeString(mine, "created\n", StandardCharsets.UTF_8);

        s.ok("apply", s.set.toString());
        s.ok("revert", s.set.toString());

        assertThat(mine).hasContent("created");
        assertThat(s.comp().resolve("src/f1.txt")).hasContent(Shape.F1.strip());
        assertThat(Git.run(s.comp(), "status", "--porcelain")).isEqualTo("?? src/new.txt");

        // an edit made by hand, never by apply, is not undone for looking like an entry's: it is named
        Path f1 = s.comp().resolve("src/f1.txt");
        Files.writeString(f1, Shape.F1.replace("value = 1", "value = 11"), StandardCharsets.UTF_8);
        Cli.Run r = s.ok("revert", s.set.toString());
        assertThat(r.err()).contains("comp/src/f1.txt: holds the entries' edits, but apply did not write it here");
        assertThat(f1).hasContent("line a\nvalue = 11\nline c");
    }

    /** Defect 3: new and add locked inside the repository they read; a read-only mirror failed with exit 70. */
    @Test
    void authoringWritesNothingIntoARepositoryOrMirror() throws IOException {
        Repo up = Repo.init(tmp.resolve("up")).write("README", "value = 1\n");
        up.commit("up");
        Path mirror = tmp.resolve("mirror/up.git");
        Git.run(tmp, "clone", "-q", "--mirror", up.url(), mirror.toString());
        Folders.Stamp before = Folders.stamp(mirror);
        boolean root = "root".equals(System.getProperty("user.name"));
        if (!root) {
            chmod(mirror, "r-xr-xr-x", "r--r--r--");
        }
        try {
            Path set = tmp.resolve("sets/p");
            Cli.ok("new", set, "--repo", mirror);
            Entries.rewrite(set, mirror, "README", "value = 1", "value = 2", "--component", ".");
            Cli.ok("rebase", set, "--repo", mirror, "--onto", "HEAD");
            assertThat(set.resolve(".patchpin-lock")).doesNotExist();
        } finally {
            if (!root) {
                chmod(mirror, "rwxr-xr-x", "rw-r--r--");
            }
        }
        assertThat(before.matches(mirror)).as("the mirror is as it was").isTrue();
    }

    /** Defect 4: apply --commit --therock ran the user's hooks and fsmonitor through git update-index. */
    @Test
    void nothingOfTheUsersRunsNotAHookNorFsmonitor() throws IOException {
        Shape s = Shape.plain(tmp);
        Path marker = tmp.resolve("ran");
        for (Path dir : List.of(s.work, s.comp())) {
            Path hooks =
                    Path.of(Git.run(dir, "rev-parse", "--absolute-git-dir")).resolve("hooks");
            for (String hook : HOOKS) {
                script(hooks.resolve(hook), marker, hook);
            }
            Path monitor = tmp.resolve("fsmonitor-" + dir.getFileName());
            script(monitor, marker, "fsmonitor");
            Repo.at(dir).config("core.fsmonitor", monitor.toString());
        }
        String set = s.set.toString();
        s.ok("apply", set, "--commit", "--therock");
        s.ok("lock", "check", s.lock.toString(), set);
        s.ok("audit", set);
        s.ok("revert", set);
        s.ok("apply", set, "--commit");
        s.ok("revert", set);
        s.ok("apply", set);
        s.ok("revert", set);
        s.ok("new", tmp.resolve("sets/c").toString());
        s.ok("capture", tmp.resolve("sets/c").toString());
        s.ok("rebase", set, "--onto", "HEAD");
        s.ok("sync", s.lock.toString());
        assertThat(marker).as("a hook or fsmonitor of the user's ran").doesNotExist();

        Git.run(s.comp(), "commit", "-q", "--allow-empty", "-m", "git itself runs them");
        assertThat(marker).exists();
    }

    /** Defect 5: apply then revert on a component TheRock patched as therockbot commits undoes the work-tree edits. */
    @Test
    void revertOnATheRockPatchedComponentUndoesItsWorkTreeEdits() {
        Shape s = Shape.plain(tmp);
        Shape.write(s.comp().resolve("docs/d1.txt"), "patched by TheRock\n");
        String patched = Git.commitAsTheRock(s.comp(), "TheRock patch");
        Shape.write(
                s.work.resolve(".comp.smrev"),
                s.up.url() + "\n" + Git.run(s.work, "rev-parse", "HEAD:comp") + "+PATCHED:0123\n");
        Git.run(s.work, "update-index", "--skip-worktree", "--", "comp");

        s.ok("apply", s.set.toString());
        s.ok("revert", s.set.toString());

        assertThat(Git.run(s.comp(), "rev-parse", "HEAD")).isEqualTo(patched);
        assertThat(Git.run(s.comp(), "status", "--porcelain")).isEmpty();
    }

    /** Defect 5: revert of apply --commit --therock when the component holds a nested component patched too. */
    @Test
    void revertOfTheRockCommitsWithANestedComponent() {
        Repo leaf = Repo.init(tmp.resolve("leaf")).write("leaf.txt", "leaf = 1\n");
        leaf.commit("leaf");
        Repo up = Repo.init(tmp.resolve("up")).write("up.txt", "up = 1\n");
        up.linkSubmodule("deep", leaf).commit("up", "up.txt", ".gitmodules");
        Repo origin = Repo.init(tmp.resolve("origin")).write("README", "r\n");
        origin.linkSubmodule("comp", up).commit("super", "README", ".gitmodules");
        Path work = tmp.resolve("work");
        Git.run(tmp, "clone", "-q", "--recurse-submodules", origin.url(), work.toString());
        String repo = work.toString();
        String set = tmp.resolve("sets/p").toString();
        ok("new", set, "--repo", repo);
        Entries.rewrite(set, repo, "up.txt", "up = 1", "up = 2", "--component", "comp");
        Entries.rewrite(set, repo, "leaf.txt", "leaf = 1", "leaf = 2", "--component", "comp/deep");

        ok("apply", set, "--repo", repo, "--commit", "--therock");
        assertThat(work.resolve("comp/.deep.smrev")).exists();
        ok("revert", set, "--repo", repo);

        assertThat(work.resolve("comp/.deep.smrev")).doesNotExist();
        assertThat(work.resolve(".comp.smrev")).doesNotExist();
        assertThat(Git.run(work, "status", "--porcelain")).isEmpty();
        assertThat(Git.run(work.resolve("comp"), "status", "--porcelain")).isEmpty();
        assertThat(Git.run(work.resolve("comp/deep"), "status", "--porcelain")).isEmpty();
    }

    /** Defect 5: lock check and audit --lock called the superproject wrong-commit though its commits are the entries. */
    @Test
    void lockCheckSeesTheSuperprojectsOwnCommitsAsPatched() {
        Shape s = Shape.plain(tmp);
        String set = tmp.resolve("sets/top").toString();
        s.ok("new", set);
        s.ok("add", "rewrite", set, "--component", ".", "--file", "README", "--find", "super", "--replace", "patched");
        s.ok("apply", set, "--commit");

        assertThat(s.ok("lock", "check", s.lock.toString(), set).out()).contains("patched   .");
        assertThat(s.ok("audit", "--lock", s.lock.toString(), set).out()).contains("patched       .");
    }

    /** Defect 11: the global config came from Java's user.home, not $HOME (identity, protocol.file.allow). */
    @Test
    void globalConfigIsReadFromHomeNotJavasUserHome() throws IOException {
        Shape s = Shape.plain(tmp);
        Path home = tmp.resolve("home");
        Shape.write(home.resolve(".gitconfig"), "[user]\n\tname = Home User\n\temail = home@example.org\n");
        Path xdg = tmp.resolve("xdg");
        Shape.write(xdg.resolve("git/config"), "[user]\n\tname = Xdg User\n\temail = xdg@example.org\n");
        assertThat(home.toString()).isNotEqualTo(System.getProperty("user.home"));

        assertThat(committerWith(s, Map.of("HOME", home.toString(), "GIT_CONFIG_NOSYSTEM", "1")))
                .isEqualTo("Home User");
        assertThat(committerWith(
                        s,
                        Map.of(
                                "HOME",
                                tmp.resolve("nohome").toString(),
                                "XDG_CONFIG_HOME",
                                xdg.toString(),
                                "GIT_CONFIG_NOSYSTEM",
                                "1")))
                .isEqualTo("Xdg User");
        Path global = tmp.resolve("global");
        Shape.write(global, "[user]\n\tname = Global User\n\temail = g@example.org\n");
        assertThat(committerWith(
                        s,
                        Map.of(
                                "HOME",
                                home.toString(),
                                "GIT_CONFIG_GLOBAL",
                                global.toString(),
                                "GIT_CONFIG_NOSYSTEM",
                                "1")))
                .isEqualTo("Global User");
    }

    /** The committer apply --commit uses with {@code env} as JGit's whole environment (the real one untouched). */
    private String committerWith(Shape s, Map<String, String> env) {
        SystemReader before = SystemReader.getInstance();
        SystemReader.setInstance(new GitConfigFiles(new SystemReader.Delegate(before) {
            @Override
            public String getenv(String variable) {
                return env.get(variable);
            }
        }));
        try {
            s.ok("apply", s.set.toString(), "--commit");
            String name = Git.run(s.comp(), "log", "-1", "--format=%cn");
            s.ok("revert", s.set.toString());
            return name;
        } finally {
            SystemReader.setInstance(before);
        }
    }

    /** Defect 12: one unfetchable submodule aborted the whole sync, and sync had no --component. */
    @Test
    void syncComponentAndKeepGoingOnAPartlyFetchedWorkspace() throws IOException {
        Shape s = Shape.make(tmp, Layout.PLAIN);
        Repo other = Repo.init(tmp.resolve("other")).write("x", "x\n");
        other.commit("x");
        Git.run(s.work, "submodule", "add", "-q", other.url(), "comp2");
        Git.run(s.work, "commit", "-q", "-m", "two");
        Path lock = tmp.resolve("pins/two.lock.toml");
        s.ok("lock", "-o", lock.toString());
        String pin = Git.run(s.comp(), "rev-parse", "HEAD");
        String ahead = s.up.write("src/f3.txt", "ahead\n").commit("ahead");
        String gone = other.write("x", "y\n").commit("gone");
        Path moved = tmp.resolve("pins/moved.lock.toml");
        Files.writeString(
                moved,
                Files.readString(lock)
                        .replace(pin, ahead)
                        .replace(Git.run(s.work.resolve("comp2"), "rev-parse", "HEAD"), gone));
        Folders.delete(other.dir()); // comp2's new commit can be fetched from nowhere

        Cli.Run all = s.run("sync", moved.toString());
        assertThat(all.exit()).isEqualTo(1);
        assertThat(Git.run(s.comp(), "rev-parse", "HEAD")).isEqualTo(pin);

        Cli.Run going = s.run("sync", moved.toString(), "--keep-going");
        assertThat(going.exit()).isEqualTo(1);
        assertThat(going.out()).contains("synced    comp");
        assertThat(going.err()).contains("comp2: commit " + gone);
        assertThat(Git.run(s.comp(), "rev-parse", "HEAD")).isEqualTo(ahead);

        s.ok("sync", lock.toString(), "--component", "comp");
        assertThat(Git.run(s.comp(), "rev-parse", "HEAD")).isEqualTo(pin);
        Cli.Run unknown = s.run("sync", lock.toString(), "--component", "nope");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString().contains("'nope' is not a component");
    }

    private static final List<String> HOOKS = List.of(
            "applypatch-msg",
            "pre-applypatch",
            "post-applypatch",
            "pre-commit",
            "pre-merge-commit",
            "prepare-commit-msg",
            "commit-msg",
            "post-commit",
            "pre-rebase",
            "post-checkout",
            "post-merge",
            "pre-push",
            "pre-receive",
            "update",
            "proc-receive",
            "post-receive",
            "post-update",
            "reference-transaction",
            "push-to-checkout",
            "pre-auto-gc",
            "post-rewrite",
            "sendemail-validate",
            "fsmonitor-watchman",
            "p4-changelist",
            "p4-prepare-changelist",
            "p4-post-changelist",
            "p4-pre-submit",
            "post-index-change");

    private static void script(Path file, Path marker, String name) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\necho " + name + " >> '" + marker + "'\nexit 0\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void chmod(Path dir, String folders, String files) throws IOException {
        try (var all = Files.walk(dir)) {
            for (Path p : all.toList()) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? folders : files));
            }
        }
    }
}
