package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Settings;
import io.patchpin.testkit.SmallRepo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a component's objects are found, and what one commit of it holds. */
class RepositoryLocatorFindsObjectsTest {
    @TempDir
    Path root;

    private Git init(String dir) throws Exception {
        return Git.init()
                .setDirectory(root.resolve(dir).toFile())
                .setInitialBranch("main")
                .call();
    }

    @Test
    void theSuperprojectIsFoundFromASubfolderABareFolderOrNotAtAll() throws Exception {
        try (Git git = init("w")) {
            SmallRepo.commit(git, "sub/f.txt", "x\n");
        }
        try (Repository r = RepositoryLocator.openSuperproject(root.resolve("w/sub"))) {
            assertThat(r.getWorkTree().toPath()).isEqualTo(root.resolve("w"));
        }
        try (Repository r = RepositoryLocator.openSuperproject(root.resolve("w/.git"))) {
            assertThat(r.getDirectory().toPath()).isEqualTo(root.resolve("w/.git"));
        }
        assertThatThrownBy(() -> RepositoryLocator.openSuperproject(root.resolve("absent")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("no such repository directory");
        Path plain = Files.createDirectories(root.resolve("plain"));
        if (RepositoryLocator.workTreeRootOf(plain).isEmpty()) {
            assertThatThrownBy(() -> RepositoryLocator.openSuperproject(plain))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("not a git repository");
        }
    }

    @Test
    void aRepositoryInAnotherObjectFormatIsRefused() throws Exception {
        try (Git git = init("w")) {
            SmallRepo.commit(git, "f.txt", "x\n");
            StoredConfig c = git.getRepository().getConfig();
            c.setString("extensions", null, "objectformat", "sha256");
            c.save();
        }
        assertThatThrownBy(() -> RepositoryLocator.openSuperproject(root.resolve("w")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("uses the sha256 object format");
        assertThatThrownBy(() -> RepositoryLocator.openCheckout(root.resolve("w")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("object format");
    }

    @Test
    void aCheckoutOpensWithItsOwnWorkTreeOrNotWithoutAGitFolder() throws Exception {
        try (Git git = init("w")) {
            SmallRepo.commit(git, "f.txt", "x\n");
        }
        try (Repository r = RepositoryLocator.openCheckout(root.resolve("w")).orElseThrow()) {
            assertThat(r.getWorkTree().toPath()).isEqualTo(root.resolve("w"));
        }
        assertThat(RepositoryLocator.openCheckout(Files.createDirectories(root.resolve("none"))))
                .isEmpty();
        Path dangling = Files.createDirectories(root.resolve("dangling"));
        Files.writeString(dangling.resolve(".git"), "gitdir: ../nowhere\n");
        assertThat(RepositoryLocator.openCheckout(dangling)).isEmpty();
        Path junk = Files.createDirectories(root.resolve("junk"));
        Files.writeString(junk.resolve(".git"), "not a pointer\n");
        assertThat(RepositoryLocator.gitDirOf(junk)).isEmpty();
        assertThat(RepositoryLocator.superprojectOf(junk)).isEmpty();
        assertThat(RepositoryLocator.superprojectOf(root.resolve("w"))).isEmpty();
    }

    @Test
    void aSubmoduleNamesTheOutermostSuperproject() throws Exception {
        Path modules = Files.createDirectories(root.resolve("top/.git/modules/a"));
        Path work = Files.createDirectories(root.resolve("top/a"));
        Files.writeString(work.resolve(".git"), "gitdir: ../.git/modules/a\n");
        assertThat(RepositoryLocator.gitDirOf(work)).contains(modules);
        assertThat(RepositoryLocator.superprojectOf(work)).contains(root.resolve("top"));
        Path loose = Files.createDirectories(root.resolve("loose"));
        Files.writeString(loose.resolve(".git"), "gitdir: ../elsewhere/x\n");
        assertThat(RepositoryLocator.superprojectOf(loose)).isEmpty();
    }

    @Test
    void mirrorPathsFollowTheUrlAndRefuseWhatIsNoPath() {
        assertThat(RepositoryLocator.mirrorRelativePath("https://github.com/ROCm/rocm-libraries.git/"))
                .contains("ROCm/rocm-libraries.git");
        assertThat(RepositoryLocator.mirrorRelativePath("git@github.com:ROCm/hip"))
                .contains("ROCm/hip.git");
        assertThat(RepositoryLocator.mirrorRelativePath("bad url with spaces")).contains("bad url with spaces.git");
        assertThat(RepositoryLocator.mirrorRelativePath("mailto:someone")).isEmpty();
        assertThat(RepositoryLocator.mirrorRelativePath("https://host/")).isEmpty();
        assertThat(RepositoryLocator.mirrorRelativePath("https://host/a/../b")).isEmpty();
    }

    @Test
    void theFirstCandidateHoldingTheCommitIsUsedAndMissingOnesAreSkipped() throws Exception {
        RevCommit c;
        try (Git git = init("mirror/org/comp.git")) {
            c = SmallRepo.commit(git, "src/a.c", "int a;\n");
        }
        Path mirror = root.resolve("mirror");
        // the mirror as a bare-like git folder: the work tree's .git stands at the URL path
        Files.move(root.resolve("mirror/org/comp.git/.git"), root.resolve("mirror/org/c2.git"));
        try (RepositoryLocator locator = new RepositoryLocator(mirror)) {
            assertThat(locator.mirrorDir()).contains(mirror);
            List<Path> candidates = locator.candidates(
                    root.resolve("super/.git"), root.resolve("super/comp"), "comp", "https://h/org/c2.git");
            assertThat(candidates)
                    .containsExactly(root.resolve("super/.git/modules/comp"), mirror.resolve("org/c2.git"));
            Optional<Repository> found = locator.find(
                    root.resolve("super/.git"), root.resolve("super/comp"), "comp", "https://h/org/c2.git", c);
            assertThat(found).isPresent();
            assertThat(locator.find(null, null, "comp", "https://h/org/c2.git", ObjectId.zeroId()))
                    .isEmpty();
            assertThat(locator.existing(null, null, "comp", "https://h/org/c2.git"))
                    .containsExactly(found.get());
            assertThat(locator.candidates(null, null, "comp", null)).isEmpty();
        }
        try (RepositoryLocator none = new RepositoryLocator(null)) {
            assertThat(none.mirrorDir()).isEmpty();
            assertThat(none.candidates(null, null, "comp", "https://h/org/c2.git"))
                    .isEmpty();
        }
    }

    @Test
    void aCommitSourceReadsOnlyItsComponentsFiles() throws Exception {
        try (Git git = init("c")) {
            SmallRepo.commit(git, "dir/a.txt", "a\n");
            RevCommit c = SmallRepo.commit(git, "b.txt", "b\n");
            Repository repo = git.getRepository();
            CommitFileSource src = new CommitFileSource("comp", repo, c, Settings.DEFAULT);
            assertThat(src.read("other", "b.txt")).isInstanceOf(FileLookup.ComponentMissing.class);
            assertThat(src.read("comp", "dir")).isInstanceOf(FileLookup.FileMissing.class);
            assertThat(src.read("comp", "nope")).isInstanceOf(FileLookup.FileMissing.class);
            FileLookup.Found found = (FileLookup.Found) src.read("comp", "dir/a.txt");
            assertThat(new String(found.content(), StandardCharsets.UTF_8)).isEqualTo("a\n");
            assertThat(src.list("other")).isEmpty();
            SortedSet<String> files = src.list("comp").orElseThrow();
            assertThat(files).containsExactly("b.txt", "dir/a.txt");
            assertThat(src.blob("other", found.blobId())).isEmpty();
            assertThat(src.blob("comp", found.blobId())).isPresent();
            assertThat(src.describe()).isEqualTo("commit " + c.abbreviate(12).name() + " of comp");
            CommitFileSource missing = new CommitFileSource(
                    "comp", repo, ObjectId.fromString("0123456789012345678901234567890123456789"), Settings.DEFAULT);
            assertThat(missing.read("comp", "b.txt")).isInstanceOf(FileLookup.ObjectsMissing.class);
        }
    }
}
