package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Settings;
import io.patchpin.testkit.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journals a killed command left, written by hand as the format says, rolled back by the next
 * command's recovery: submodules it had initialised, a checkout it had begun.
 */
class RecoveryRollbackTest {
    private static final Settings SETTINGS = Settings.of(System.getProperties());

    @TempDir
    Path tmp;

    private static void journal(Path gitDir, String... records) throws Exception {
        Path j = Journal.treeFile(gitDir);
        Files.createDirectories(j.getParent());
        Files.writeString(
                j,
                "patchpin-journal\t1\noperation\tsync\nsubject\tpins/therock.toml\nfinishable\t0\n"
                        + String.join("\n", records) + "\n");
    }

    @Test
    void initialisedSubmodulesAreUndoneAsTheyWereFound() throws Exception {
        Repo top = Repo.init(tmp.resolve("top")).write("README", "top\n");
        top.commit("top");
        Path gitDir = top.dir().resolve(".git");
        // "a": its folder was there (empty, as git leaves a gitlink's folder) and its git folder was new
        Files.createDirectories(top.dir().resolve("a/src"));
        Files.writeString(top.dir().resolve("a/src/x.c"), "checked out\n");
        Files.createDirectories(gitDir.resolve("modules/a/objects"));
        // "b": neither was there before, except its git folder, which a previous clone had left
        Files.createDirectories(top.dir().resolve("b"));
        Files.writeString(top.dir().resolve("b/y.c"), "checked out\n");
        Files.createDirectories(gitDir.resolve("modules/b/objects"));
        top.git("config", "submodule.a.url", "https://example.org/a.git");
        top.git("config", "submodule.b.url", "https://example.org/b.git");
        Files.writeString(gitDir.resolve("config.lock"), "left by the killed writer");
        journal(gitDir, "init\ta\t1\t.git/modules/a\t0\t.git\ta", "init\tb\t0\t.git/modules/b\t1\t.git\tb");

        List<String> out = Recovery.run(top.dir(), gitDir, List.of(), false, SETTINGS);

        assertThat(out)
                .containsExactly("recovered an interrupted sync of pins/therock.toml (rolled back 2 components)");
        assertThat(top.dir().resolve("a")).isEmptyDirectory();
        assertThat(gitDir.resolve("modules/a")).doesNotExist();
        assertThat(top.dir().resolve("b")).doesNotExist();
        assertThat(gitDir.resolve("modules/b")).exists();
        assertThat(gitDir.resolve("config.lock")).doesNotExist();
        assertThat(Files.readString(gitDir.resolve("config"))).doesNotContain("submodule");
        assertThat(Journal.treeFile(gitDir)).doesNotExist();
        assertThat(Recovery.run(top.dir(), gitDir, List.of(), false, SETTINGS))
                .as("nothing left to recover")
                .isEmpty();
    }

    @Test
    void aCheckoutKilledBeforeItsIndexLosesTheFilesItWroteAndKeepsTheUsers() throws Exception {
        Repo r = Repo.init(tmp.resolve("work")).write("a.txt", "a\n").write("keep/old.txt", "old\n");
        String old = r.commit("old");
        r.write("c.txt", "c\n").write("new/deep/b.txt", "b\n").write("keep/b2.txt", "b2\n");
        String added = r.commit("added");
        // killed after writing the files of "added" but before its index and HEAD: they are untracked
        r.git("reset", "-q", "--mixed", old);
        Files.writeString(r.dir().resolve("keep/mine.txt"), "the user's\n");
        Files.writeString(r.dir().resolve("a.txt"), "half written\n");
        Path gitDir = r.dir().resolve(".git");
        journal(
                gitDir,
                "index\t.git\t-",
                "head\t.git\t.\tref: refs/heads/main\t" + old + "\t" + added + "\ttree",
                "head\tmissing/.git\t-\tref: refs/heads/main\t" + old + "\t-\ttree",
                "head\t.git\t.\tref: refs/heads/main\t-\t-\tindex");
        Files.writeString(gitDir.resolve("index.lock"), "");

        List<String> out = Recovery.run(r.dir(), gitDir, List.of(), false, SETTINGS);

        assertThat(out)
                .containsExactly("recovered an interrupted sync of pins/therock.toml (rolled back 2 components)");
        assertThat(r.git("rev-parse", "HEAD")).isEqualTo(old);
        assertThat(r.git("symbolic-ref", "HEAD")).isEqualTo("refs/heads/main");
        assertThat(r.read("a.txt")).isEqualTo("a\n");
        assertThat(r.dir().resolve("c.txt")).doesNotExist();
        assertThat(r.dir().resolve("new")).as("emptied folders go too").doesNotExist();
        assertThat(r.dir().resolve("keep/b2.txt")).doesNotExist();
        assertThat(r.dir().resolve("keep/mine.txt")).hasContent("the user's");
        assertThat(gitDir.resolve("index.lock")).doesNotExist();
        assertThat(r.git("status", "--porcelain")).isEqualTo("?? keep/mine.txt");
    }

    @Test
    void noWorkspaceHasNoGitFolder() {
        assertThat(Recovery.gitDirOf(null)).isEmpty();
    }
}
