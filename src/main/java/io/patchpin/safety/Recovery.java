package io.patchpin.safety;

import io.patchpin.core.BusyException;
import io.patchpin.core.Settings;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.ResetCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.RefUpdate.Result;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Recovery first: before a command does anything, a journal left by a
 * patchpin that was killed midway (under the superproject's
 * {@code .git/patchpin/}, or in a patchset folder) is finished or rolled
 * back, under the workspace's write lock, and patchpin's temp files in the
 * folders it touched are removed. A journal whose writer still holds the
 * lock is left to it.
 */
public final class Recovery implements JournalFile.GitUndo {
    private final boolean fsync;

    private Recovery(boolean fsync) {
        this.fsync = fsync;
    }

    /**
     * Recovers the workspace's journal and those of {@code patchsetDirs} and of every folder under
     * {@code patchsets/}; one line per recovery, for stderr.
     *
     * @param gitDir the superproject's git folder, or null when there is no workspace
     * @param settings whether what is restored is flushed to disk, and how long to wait for a writer at work
     */
    public static List<String> run(
            Path root, Path gitDir, List<Path> patchsetDirs, boolean rollbackOnly, Settings settings) {
        boolean fsync = settings.fsync();
        Set<Path> journals = new LinkedHashSet<>();
        if (gitDir != null) {
            journals.add(Journal.treeFile(gitDir));
        }
        patchsetDirs.forEach(
                d -> journals.add(Journal.patchsetFile(d.toAbsolutePath().normalize())));
        if (root != null) {
            // update's journal: the lock and the sets it writes together, kept beside the lock
            journals.add(
                    Journal.patchsetFile(root.resolve("pins").toAbsolutePath().normalize()));
            try (Stream<Path> sets = Files.isDirectory(root.resolve("patchsets"))
                    ? Files.list(root.resolve("patchsets"))
                    : Stream.empty()) {
                sets.sorted()
                        .forEach(d -> journals.add(
                                Journal.patchsetFile(d.toAbsolutePath().normalize())));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + root.resolve("patchsets"), e);
            }
        }
        Path tree = gitDir == null ? null : Journal.treeFile(gitDir);
        List<String> out = new ArrayList<>();
        for (Path j : journals) {
            boolean lockLeft = lockLeft(j, tree);
            if (!pending(j) && !lockLeft) {
                continue;
            }
            // a tree journal under the workspace's lock; a patchset's under that set's own, in its folder, so
            // that recovering an authoring command writes nothing into a repository (a read-only mirror)
            boolean ofTree = j.equals(tree);
            try (WriteLock lock = ofTree
                    ? WriteLock.take(gitDir, "recover", settings.lockWait())
                    : WriteLock.forPatchset(j.getParent(), "recover", settings.lockWait())) {
                // a bare repository (a mirror an export read from) keeps its journal's paths under its git folder
                Path base = ofTree ? (root != null ? root : gitDir) : j.getParent();
                JournalFile.recover(j, base, rollbackOnly, fsync, new Recovery(fsync))
                        .ifPresent(r -> out.add(r.message()));
                if (lockLeft) {
                    out.add("removed the lock a killed patchpin left in " + j.getParent());
                }
            } catch (BusyException e) {
                continue; // the writer is still at work: its journal is its own
            }
            if (lockLeft && !j.equals(tree)) {
                removeIfEmpty(j.getParent()); // the folder a killed import or new made, with nothing in it yet
            }
        }
        return out;
    }

    /** Whether the lock beside a journal was left by a patchpin that is gone (killed, before it could remove it). */
    private static boolean lockLeft(Path journal, Path tree) {
        return WriteLock.leftBehind(journal.resolveSibling(journal.equals(tree) ? "lock" : WriteLock.PATCHSET_LOCK));
    }

    private static void removeIfEmpty(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            if (s.findAny().isEmpty()) {
                Files.delete(dir);
            }
        } catch (NoSuchFileException e) {
            // gone already
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the empty folder " + dir, e);
        }
    }

    /** Whether a journal, its copies or a temp file of one are there. */
    private static boolean pending(Path journal) {
        if (Files.exists(journal, LinkOption.NOFOLLOW_LINKS)
                || Files.exists(JournalFile.dataOf(journal), LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        if (!Files.isDirectory(journal.getParent())) {
            return false;
        }
        try (Stream<Path> s = Files.list(journal.getParent())) {
            return s.anyMatch(AtomicFiles::isTemp);
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void index(JournalFile.IndexRecord r, Path gitDir, Path copy) {
        removeLock(gitDir.resolve("index.lock"));
        if (copy != null) {
            try {
                AtomicFiles.write(gitDir.resolve("index"), Files.readAllBytes(copy), fsync);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot restore the index of " + gitDir, e);
            }
        }
    }

    @Override
    public void head(JournalFile.HeadRecord r, Path gitDir, Path workTree) {
        if (!Files.isDirectory(gitDir) || r.oldCommit() == null) {
            return;
        }
        removeLock(gitDir.resolve("index.lock"));
        removeLock(gitDir.resolve("HEAD.lock"));
        FileRepositoryBuilder b =
                new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setMustExist(true);
        if (workTree != null) {
            b.setWorkTree(workTree.toFile());
        }
        try (Repository repo = b.build()) {
            ObjectId old = ObjectId.fromString(r.oldCommit());
            if (r.oldHead().startsWith("ref: ")) {
                String ref = r.oldHead().substring(5).strip();
                removeLock(gitDir.resolve(ref + ".lock"));
                force(repo.updateRef(ref), old, gitDir);
                if (!ref.equals(repo.getFullBranch())) {
                    repo.updateRef(Constants.HEAD).link(ref);
                }
            } else {
                force(repo.updateRef(Constants.HEAD, true), old, gitDir);
            }
            if (r.tree() && workTree != null) {
                Git.wrap(repo)
                        .reset()
                        .setMode(ResetCommand.ResetType.HARD)
                        .setRef(old.name())
                        .call();
                if (r.newCommit() != null) {
                    removeAdded(repo, workTree, old, ObjectId.fromString(r.newCommit()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot put back HEAD of " + gitDir, e);
        } catch (GitAPIException e) {
            throw new IllegalStateException("cannot put back the work tree of " + workTree + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void init(JournalFile.InitRecord r, Path dir, Path gitDir, Path parentGitDir) {
        try {
            if (r.dirExisted()) {
                deleteContents(dir);
            } else {
                JournalFile.deleteTree(dir);
            }
            if (!r.gitDirExisted()) {
                JournalFile.deleteTree(gitDir);
            }
            removeLock(parentGitDir.resolve("config.lock"));
            try (Repository parent =
                    new FileRepositoryBuilder().setGitDir(parentGitDir.toFile()).build()) {
                StoredConfig config = parent.getConfig();
                config.unsetSection("submodule", r.name());
                config.save();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot undo the initialisation of " + dir, e);
        }
    }

    private static void force(RefUpdate u, ObjectId to, Path gitDir) throws IOException {
        u.setNewObjectId(to);
        u.setForceUpdate(true);
        Result result = u.forceUpdate();
        if (!EnumSet.of(Result.NEW, Result.FORCED, Result.NO_CHANGE, Result.FAST_FORWARD)
                .contains(result)) {
            throw new IllegalStateException("cannot put back " + u.getName() + " of " + gitDir + ": " + result);
        }
    }

    /**
     * Files a checkout of {@code added} wrote that {@code old} does not have: a checkout killed before
     * writing the index leaves them untracked, and a reset to {@code old} does not remove them.
     */
    private static void removeAdded(Repository repo, Path workTree, ObjectId old, ObjectId added) throws IOException {
        if (!repo.getObjectDatabase().has(added)) {
            return;
        }
        try (RevWalk walk = new RevWalk(repo);
                TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(walk.parseCommit(added).getTree());
            tw.addTree(walk.parseCommit(old).getTree());
            tw.setRecursive(true);
            while (tw.next()) {
                if (tw.getRawMode(1) == 0 && tw.getFileMode(0) != FileMode.GITLINK) {
                    Path p = workTree.resolve(tw.getPathString());
                    if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(p)) {
                        Files.delete(p);
                        removeEmptyParents(p.getParent(), workTree);
                    }
                }
            }
        }
    }

    private static void removeEmptyParents(Path dir, Path stop) throws IOException {
        for (Path d = dir; d != null && !d.equals(stop) && d.startsWith(stop); d = d.getParent()) {
            try (Stream<Path> s = Files.list(d)) {
                if (s.findAny().isPresent()) {
                    return;
                }
            }
            Files.delete(d);
        }
    }

    private static void deleteContents(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                JournalFile.deleteTree(p);
            }
        }
    }

    /** A git lock file the killed writer left; we hold the workspace's lock, so no patchpin holds it now. */
    private static void removeLock(Path lock) {
        try {
            Files.deleteIfExists(lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + lock, e);
        }
    }

    public static Optional<Path> gitDirOf(Workspace ws) {
        return ws == null
                ? Optional.empty()
                : Optional.of(ws.superRepository().getDirectory().toPath());
    }
}
