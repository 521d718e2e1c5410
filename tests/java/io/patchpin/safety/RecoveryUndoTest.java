package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Settings;
import io.patchpin.safety.JournalFile.HeadRecord;
import io.patchpin.safety.JournalFile.IndexRecord;
import io.patchpin.safety.JournalFile.InitRecord;
import io.patchpin.testkit.SmallRepo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recovery puts HEAD, the index, the work tree and a half-made submodule back as the journal says they were. */
class RecoveryUndoTest {
    private static final Settings SETTINGS = Settings.of(System.getProperties());

    @TempDir
    Path root;

    private static void journal(Path file, JournalFile j) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, j.render(), StandardCharsets.UTF_8);
    }

    @Test
    void nothingPendingRecoversNothing() throws Exception {
        Files.createDirectories(root.resolve("patchsets/empty"));
        assertThat(Recovery.run(root, null, List.of(root.resolve("elsewhere")), false, SETTINGS))
                .isEmpty();
        assertThat(Recovery.run(null, root.resolve(".git"), List.of(), false, SETTINGS))
                .isEmpty();
        assertThat(Recovery.gitDirOf(null)).isEmpty();
        Path bare = root.resolve("bare.git");
        journal(Journal.treeFile(bare), new JournalFile("export", "", false, List.of()));
        assertThat(Recovery.run(null, bare, List.of(), false, SETTINGS))
                .containsExactly("recovered an interrupted export (rolled back 0 files)");
        assertThat(Journal.treeFile(bare)).doesNotExist();
    }

    @Test
    void aKilledCommitOnABranchIsPutBackWithTheFilesItAdded() throws Exception {
        try (Git git =
                Git.init().setDirectory(root.toFile()).setInitialBranch("main").call()) {
            RevCommit old = SmallRepo.commit(git, "a.txt", "a\n");
            RevCommit next = SmallRepo.commit(git, "deep/er/b.txt", "b\n");
            Path gitDir = root.resolve(".git");
            Files.writeString(gitDir.resolve("index.lock"), "");
            Files.writeString(gitDir.resolve("refs/heads/main.lock"), "");
            Files.writeString(root.resolve("deep/keep.txt"), "untracked\n");
            journal(
                    Journal.treeFile(gitDir),
                    new JournalFile(
                            "commit",
                            "patchsets/p",
                            false,
                            List.of(new HeadRecord(
                                    ".git", ".", "ref: refs/heads/main", old.name(), next.name(), true))));
            List<String> out = Recovery.run(root, gitDir, List.of(), false, SETTINGS);
            assertThat(out).containsExactly("recovered an interrupted commit of patchsets/p (rolled back 1 component)");
            assertThat(git.getRepository().resolve(Constants.HEAD)).isEqualTo(old.getId());
            assertThat(git.getRepository().getFullBranch()).isEqualTo("refs/heads/main");
            assertThat(root.resolve("deep/er")).doesNotExist();
            assertThat(root.resolve("deep/keep.txt")).exists();
            assertThat(gitDir.resolve("index.lock")).doesNotExist();
            assertThat(Journal.treeFile(gitDir)).doesNotExist();
        }
    }

    @Test
    void aDetachedHeadAndAnIndexAreRestoredAndAHeadWithoutCommitIsLeft() throws Exception {
        try (Git git =
                Git.init().setDirectory(root.toFile()).setInitialBranch("main").call()) {
            RevCommit old = SmallRepo.commit(git, "a.txt", "a\n");
            RevCommit next = SmallRepo.commit(git, "b.txt", "b\n");
            Path gitDir = root.resolve(".git");
            byte[] index = Files.readAllBytes(gitDir.resolve("index"));
            Path data = JournalFile.dataOf(Journal.treeFile(gitDir));
            Files.createDirectories(data);
            Files.write(data.resolve("idx"), index);
            Files.writeString(gitDir.resolve("index"), "broken");
            journal(
                    Journal.treeFile(gitDir),
                    new JournalFile(
                            "apply",
                            "",
                            false,
                            List.of(
                                    new HeadRecord(".git", ".", old.name(), old.name(), null, true),
                                    new HeadRecord(
                                            ".git",
                                            ".",
                                            old.name(),
                                            old.name(),
                                            "0123456789012345678901234567890123456789",
                                            true),
                                    new IndexRecord(".git", "idx"),
                                    new IndexRecord(".git", null),
                                    new HeadRecord(".git", null, old.name(), old.name(), next.name(), false),
                                    new HeadRecord(".git", ".", old.name(), null, next.name(), true),
                                    new HeadRecord("missing/.git", null, old.name(), old.name(), null, true))));
            List<String> out = Recovery.run(root, gitDir, List.of(), false, SETTINGS);
            assertThat(out).hasSize(1);
            assertThat(out.get(0)).contains("rolled back 2 components");
            // the index copy is restored first, then the hard resets to the old commit leave its one file
            assertThat(Files.readAllBytes(gitDir.resolve("index"))).isNotEqualTo(index);
            assertThat(root.resolve("b.txt")).doesNotExist();
            assertThat(root.resolve("a.txt")).exists();
            assertThat(Files.readString(gitDir.resolve("HEAD")).strip()).isEqualTo(old.name());
        }
    }

    @Test
    void aHalfMadeSubmoduleIsRemovedWithItsConfig() throws Exception {
        try (Git git =
                Git.init().setDirectory(root.toFile()).setInitialBranch("main").call()) {
            SmallRepo.commit(git, "a.txt", "a\n");
            Path gitDir = root.resolve(".git");
            StoredConfig config = git.getRepository().getConfig();
            config.setString("submodule", "one", "url", "file:///nowhere");
            config.setString("submodule", "two", "url", "file:///nowhere");
            config.save();
            Files.createDirectories(root.resolve("one/sub"));
            Files.writeString(root.resolve("one/sub/f"), "x");
            Files.createDirectories(gitDir.resolve("modules/one"));
            Files.createDirectories(root.resolve("two"));
            Files.writeString(root.resolve("two/f"), "x");
            Files.writeString(gitDir.resolve("config.lock"), "");
            journal(
                    Journal.treeFile(gitDir),
                    new JournalFile(
                            "sync",
                            "",
                            false,
                            List.of(
                                    new InitRecord("one", false, ".git/modules/one", false, ".git", "one"),
                                    new InitRecord("two", true, ".git/modules/two", true, ".git", "two"),
                                    new InitRecord("three", true, ".git/modules/three", true, ".git", "three"))));
            assertThat(Recovery.run(root, gitDir, List.of(), true, SETTINGS)).hasSize(1);
            assertThat(root.resolve("one")).doesNotExist();
            assertThat(gitDir.resolve("modules/one")).doesNotExist();
            assertThat(root.resolve("two")).isEmptyDirectory();
            git.getRepository().getConfig().load();
            assertThat(git.getRepository().getConfig().getSubsections("submodule"))
                    .isEmpty();
        }
    }

    @Test
    void aPatchsetJournalIsRecoveredInItsFolderAndABusyOneIsLeft() throws Exception {
        Path set = root.resolve("patchsets/p");
        Files.createDirectories(set);
        Files.writeString(set.resolve(AtomicFiles.TEMP_PREFIX + "x"), "x");
        Path other = root.resolve("other");
        journal(Journal.patchsetFile(other), new JournalFile("new", "other", false, List.of()));
        try (WriteLock held = WriteLock.forPatchset(other, "add", Duration.ZERO)) {
            List<String> out = Recovery.run(root, null, List.of(other), false, SETTINGS);
            assertThat(out).isEmpty();
            assertThat(Journal.patchsetFile(other)).exists();
        }
        assertThat(set.resolve(AtomicFiles.TEMP_PREFIX + "x")).doesNotExist();
        assertThat(Recovery.run(root, null, List.of(other), false, SETTINGS))
                .containsExactly("recovered an interrupted new of other (rolled back 0 files)");
    }
}
