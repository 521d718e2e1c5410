package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.safety.ExecBit;
import io.patchpin.testkit.Unsealed;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commits of {@code apply --commit} in one small repository, made in memory from the parent's tree: edits,
 * deletions and executable bits, an entry that changes nothing, HEAD moved once and put back; and the small
 * pieces around them (modes, index flags, failures, safe paths).
 */
class ComponentCommitsTest {
    @TempDir
    Path tmp;

    private static final PersonIdent ME =
            new PersonIdent("Maintainer", "m@example.com", Instant.ofEpochSecond(1_700_000_000L), ZoneOffset.UTC);
    /** The clock apply's commits are made by, when not as TheRock's. */
    private static final Clock AT = Clock.fixed(Instant.ofEpochSecond(1_800_000_000L), ZoneOffset.ofHours(2));

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private Git repo() throws Exception {
        Git git = Git.init()
                .setDirectory(tmp.resolve("r").toFile())
                .setInitialBranch("main")
                .call();
        StoredConfig c = git.getRepository().getConfig();
        c.setString("user", null, "name", "Committer Config");
        c.setString("user", null, "email", "cc@example.com");
        c.save();
        Path w = git.getRepository().getWorkTree().toPath();
        Files.writeString(w.resolve("a.txt"), "a\n");
        Files.writeString(w.resolve("gone.txt"), "bye\n");
        git.add().addFilepattern(".").call();
        git.commit()
                .setMessage("base")
                .setAuthor(ME)
                .setCommitter(ME)
                .setSign(false)
                .call();
        return git;
    }

    private static CommitUnit unit(
            String id, String author, Map<String, Optional<byte[]>> files, Map<String, Boolean> exec) {
        RewriteEntry e = Unsealed.why(Unsealed.rewrite(id, ".", "a.txt", "a", "b"), "why " + id);
        return new CommitUnit(
                e, new CommitMessage(author, Optional.empty(), "subject " + id + "\n"), files, exec, Optional.empty());
    }

    private static String at(Repository repo, ObjectId commit, String path) throws IOException {
        try (RevWalk w = new RevWalk(repo);
                TreeWalk tw = TreeWalk.forPath(repo, path, w.parseCommit(commit).getTree())) {
            return tw == null
                    ? null
                    : new String(repo.open(tw.getObjectId(0)).getBytes(), StandardCharsets.UTF_8)
                            + (tw.getFileMode(0).getBits() == 0100755 ? " (exec)" : "");
        }
    }

    @Test
    void eachEntryOneCommitThenHeadMovesOnceAndComesBack() throws Exception {
        try (Git git = repo()) {
            Repository r = git.getRepository();
            Path w = r.getWorkTree().toPath();
            ObjectId orig = ComponentCommits.head(r);
            ComponentCommits cc = new ComponentCommits(r, orig, false, AT);
            Files.writeString(w.resolve("a.txt"), "b\n");
            Files.delete(w.resolve("gone.txt"));

            Optional<ObjectId> first = cc.add(unit(
                    "edit",
                    "",
                    Map.of("a.txt", Optional.of(bytes("b\n")), "run.sh", Optional.of(bytes("#!/bin/sh\n"))),
                    Map.of("run.sh", true)));
            Optional<ObjectId> nothing = cc.add(unit("same", "", Map.of("a.txt", Optional.of(bytes("b\n"))), Map.of()));
            Optional<ObjectId> second = cc.add(unit(
                    "delete",
                    "Ann Author <ann@example.com>",
                    Map.of("gone.txt", Optional.empty(), "run.sh", Optional.of(bytes("#!/bin/sh\n"))),
                    Map.of("run.sh", false)));
            assertThat(first).isPresent();
            assertThat(nothing).isEmpty();
            assertThat(second).isPresent();
            assertThat(ComponentCommits.head(r)).isEqualTo(orig); // nothing moved yet

            Files.writeString(w.resolve("run.sh"), "#!/bin/sh\n");
            TreeSet<String> files = new TreeSet<>(List.of("a.txt", "gone.txt", "run.sh"));
            cc.finish(files);

            assertThat(ComponentCommits.head(r)).isEqualTo(second.get());
            assertThat(at(r, first.get(), "run.sh")).isEqualTo("#!/bin/sh\n (exec)");
            assertThat(at(r, second.get(), "run.sh")).isEqualTo("#!/bin/sh\n");
            assertThat(at(r, second.get(), "gone.txt")).isNull();
            assertThat(at(r, second.get(), "a.txt")).isEqualTo("b\n");
            try (RevWalk walk = new RevWalk(r)) {
                RevCommit c1 = walk.parseCommit(first.get());
                RevCommit c2 = walk.parseCommit(second.get());
                assertThat(c1.getAuthorIdent().getName()).isEqualTo("Committer Config");
                assertThat(c1.getCommitterIdent().getEmailAddress()).isEqualTo("cc@example.com");
                assertThat(c1.getCommitterIdent().getWhenAsInstant()).isEqualTo(AT.instant());
                assertThat(c1.getCommitterIdent().getZoneId()).isEqualTo(AT.getZone());
                assertThat(c1.getFullMessage()).isEqualTo("subject edit\n");
                assertThat(c2.getAuthorIdent().getName()).isEqualTo("Ann Author");
                assertThat(c2.getAuthorIdent().getWhenAsInstant())
                        .isEqualTo(c2.getCommitterIdent().getWhenAsInstant());
                assertThat(c2.getParent(0)).isEqualTo(c1);
            }
            DirCache index = r.readDirCache();
            assertThat(index.getEntry("gone.txt")).isNull();
            assertThat(index.getEntry("run.sh")).isNotNull();
            assertThat(git.status().call().isClean()).isTrue();

            ComponentCommits.undo(r, orig, files);
            assertThat(ComponentCommits.head(r)).isEqualTo(orig);
            assertThat(r.readDirCache().getEntry("gone.txt")).isNotNull();
            assertThat(r.readDirCache().getEntry("run.sh")).isNull();
            ComponentCommits.undo(r, orig, files); // already back: nothing to do
            assertThat(ComponentCommits.head(r)).isEqualTo(orig);
        }
    }

    @Test
    void asTheRockCommitsEveryMachineGetsTheSameIds() throws Exception {
        try (Git git = repo()) {
            Repository r = git.getRepository();
            ObjectId orig = ComponentCommits.head(r);
            ComponentCommits cc = new ComponentCommits(r, orig, true, AT);
            ObjectId id = cc.add(unit("edit", "", Map.of("a.txt", Optional.of(bytes("c\n"))), Map.of()))
                    .orElseThrow();
            try (RevWalk walk = new RevWalk(r)) {
                RevCommit c = walk.parseCommit(id);
                assertThat(c.getCommitterIdent().getName()).isEqualTo(CommitMessage.THEROCK.getName());
                assertThat(c.getAuthorIdent().getWhenAsInstant()).isEqualTo(CommitMessage.THEROCK.getWhenAsInstant());
            }
            cc.finish(new TreeSet<>()); // HEAD moves, nothing to stage
            assertThat(ComponentCommits.head(r)).isEqualTo(id);
            ComponentCommits none = new ComponentCommits(r, id, false, AT);
            none.finish(new TreeSet<>(List.of("a.txt")));
            assertThat(ComponentCommits.head(r)).isEqualTo(id);
        }
    }

    @Test
    void aFailedCommitNamesTheRepositoryAndItsCause() throws Exception {
        try (Repository bare = new FileRepositoryBuilder()
                        .setGitDir(tmp.resolve("b.git").toFile())
                        .setBare()
                        .build();
                Repository work = new FileRepositoryBuilder()
                        .setGitDir(tmp.resolve("w/.git").toFile())
                        .setWorkTree(tmp.resolve("w").toFile())
                        .build()) {
            assertThat(new CommitFailure(bare, "cannot move HEAD", null))
                    .hasMessage("cannot commit in b.git: cannot move HEAD");
            assertThat(new CommitFailure(work, "cannot read HEAD", new IOException()))
                    .hasMessage("cannot commit in w: cannot read HEAD");
            assertThat(new CommitFailure(work, "cannot read HEAD", new IOException("disk on fire")))
                    .hasMessage("cannot commit in w: cannot read HEAD (disk on fire)");
        }
    }

    @Test
    void executableBits() throws IOException {
        Path f = Files.writeString(tmp.resolve("tool"), "x");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r-----"));
        assertThat(ExecBit.get(f)).contains(false);
        ExecBit.set(f, true);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
                .isEqualTo("rwxr-x---");
        assertThat(ExecBit.get(f)).contains(true);
        ExecBit.set(f, false);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
                .isEqualTo("rw-r-----");
        assertThat(ExecBit.get(tmp.resolve("absent"))).isEmpty();
        assertThat(ExecBit.get(tmp)).isEmpty();
        assertThatThrownBy(() -> ExecBit.set(tmp.resolve("absent"), true))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith("cannot change the mode of ");
    }

    @Test
    void unsafePathsAreRefusedBeforeAnyWrite() throws IOException {
        SafeTree tree = new SafeTree(tmp);
        assertThat(tree.resolve("sub", "a/b.txt")).isEqualTo(tmp.resolve("sub/a/b.txt"));
        assertThatThrownBy(() -> tree.resolve(".", "../x"))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .isEqualTo("../x: path '../x' escapes the workspace with '..'"));
        Files.createSymbolicLink(tmp.resolve("link"), tmp.getParent());
        assertThatThrownBy(() -> tree.resolve("link", "x"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("refusing to write through the symbolic link link");
    }
}
