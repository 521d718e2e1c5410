package io.patchpin.lock;

import io.patchpin.workspace.RepositoryLocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.submodule.SubmoduleWalk.IgnoreSubmoduleMode;

/** A component's checkout in the work tree: its repository, HEAD and uncommitted changes. */
final class WorkTreeComponent {
    private WorkTreeComponent() {}

    /** The component's repository when its folder is a checkout, else empty. */
    static Optional<Repository> open(Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Optional<Path> gitDir = RepositoryLocator.gitDirOf(dir);
        if (gitDir.isEmpty() || !Files.isDirectory(gitDir.get())) {
            return Optional.empty();
        }
        try {
            return Optional.of(new FileRepositoryBuilder()
                    .setGitDir(gitDir.get().toFile())
                    .setWorkTree(dir.toFile())
                    .setMustExist(true)
                    .build());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the repository of " + dir, e);
        }
    }

    /** HEAD's commit, or empty in a repository without commits. */
    static Optional<ObjectId> head(Repository repo) {
        try {
            return Optional.ofNullable(repo.resolve("HEAD^{commit}"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HEAD of " + repo.getDirectory(), e);
        }
    }

    /**
     * Tracked files with uncommitted changes (staged or not), sorted. Untracked
     * files and nested submodules are left out: a checkout would keep the former
     * (or refuse to overwrite them), and the latter are components of their own.
     */
    static SortedSet<String> dirtyFiles(Repository repo) {
        try {
            Status s = Git.wrap(repo)
                    .status()
                    .setIgnoreSubmodules(IgnoreSubmoduleMode.ALL)
                    .call();
            SortedSet<String> out = new TreeSet<>();
            out.addAll(s.getAdded());
            out.addAll(s.getChanged());
            out.addAll(s.getRemoved());
            out.addAll(s.getMissing());
            out.addAll(s.getModified());
            out.addAll(s.getConflicting());
            return out;
        } catch (GitAPIException e) {
            throw new IllegalStateException(
                    "cannot read the status of " + repo.getWorkTree() + ": " + e.getMessage(), e);
        }
    }
}
