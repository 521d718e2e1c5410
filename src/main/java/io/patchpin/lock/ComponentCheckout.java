package io.patchpin.lock;

import io.patchpin.workspace.RepositoryLocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.ResetCommand;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.submodule.SubmoduleWalk.IgnoreSubmoduleMode;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.util.FileUtils;

/**
 * The git operations {@code sync} performs on one component's checkout: read its HEAD and changes, fetch a missing
 * commit, clone a not-yet-initialised submodule into its parent's {@code modules/<name>} (as
 * {@code git submodule update --init} lays it out), and detached checkouts. Failures are {@link Failure}s.
 */
final class ComponentCheckout {
    private static final List<RefSpec> FETCH =
            List.of(new RefSpec("+refs/heads/*:refs/remotes/origin/*"), new RefSpec("+refs/tags/*:refs/tags/*"));

    private ComponentCheckout() {}

    /** One component could not be synced; {@code sync} puts everything back and reports it. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String path;

        Failure(String path, String message) {
            this(path, message, null);
        }

        Failure(String path, String message, Throwable cause) {
            super(message, cause);
            this.path = path;
        }

        String path() {
            return path;
        }
    }

    /** The component's repository when its folder is a checkout. */
    static Optional<Repository> open(Path dir) {
        return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                ? RepositoryLocator.openCheckout(dir)
                : Optional.empty();
    }

    static Optional<ObjectId> head(Repository repo) {
        try {
            return Optional.ofNullable(repo.resolve("HEAD^{commit}"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read HEAD of " + repo.getDirectory(), e);
        }
    }

    /**
     * Tracked files with uncommitted changes, sorted. Untracked files and nested submodules are left out: a checkout
     * would keep the former (or refuse to overwrite them), and the latter are components of their own.
     */
    static SortedSet<String> dirtyFiles(Repository repo) {
        try {
            Status s = Git.wrap(repo)
                    .status()
                    .setIgnoreSubmodules(IgnoreSubmoduleMode.ALL)
                    .call();
            return new TreeSet<>(s.getUncommittedChanges());
        } catch (GitAPIException e) {
            throw new IllegalStateException(
                    "cannot read the status of " + repo.getWorkTree() + ": " + e.getMessage(), e);
        }
    }

    /** Fetches from each source in turn until {@code repo} holds {@code commit}; {@code check} may refuse one. */
    static void ensureCommit(
            Repository repo, ObjectId commit, List<String> sources, String path, Consumer<String> check) {
        List<String> why = new ArrayList<>();
        for (String source : sources) {
            if (RepositoryLocator.has(repo, commit)) {
                return;
            }
            check.accept(source);
            // every source's reason is kept: a refused or unreachable fetch says why, not only a missing object
            InProcessTransport.fetch(repo, source, FETCH)
                    .ifPresent(reason -> why.add(reason.contains(source) ? reason : source + ": " + reason));
        }
        if (!RepositoryLocator.has(repo, commit)) {
            throw new Failure(
                    path,
                    "commit " + commit.name() + " is neither in local objects nor fetchable from "
                            + (sources.isEmpty() ? "any URL" : String.join(", ", sources))
                            + (why.isEmpty() ? "" : ": " + String.join("; ", why)));
        }
    }

    /**
     * Clones {@code source} without checkout: HEAD is left unborn, as the caller detaches it at the commit it wants.
     * Whatever is left on failure is the caller's undo to remove.
     */
    static Repository cloneInto(
            String source, Path gitDir, Path dir, Optional<String> url, String path, Consumer<String> check) {
        check.accept(source);
        Repository repo;
        try (Git git = Git.init()
                .setGitDir(gitDir.toFile())
                .setDirectory(dir.toFile())
                .setRelativeDirs(true)
                .call()) {
            repo = git.getRepository();
            StoredConfig config = repo.getConfig();
            config.setString("remote", "origin", "url", url.orElse(source));
            config.setString("remote", "origin", "fetch", FETCH.get(0).toString());
            config.save();
            repo.incrementOpen();
        } catch (GitAPIException | IOException | RuntimeException e) {
            throw new Failure(path, "cannot clone " + source + ": " + e.getMessage());
        }
        Optional<String> failed = InProcessTransport.fetch(repo, source, FETCH);
        if (failed.isPresent()) {
            repo.close();
            throw new Failure(path, "cannot clone " + source + ": " + failed.get());
        }
        return repo;
    }

    static void markInitialised(Repository parent, String name, Optional<String> url) throws IOException {
        StoredConfig config = parent.getConfig();
        config.setBoolean("submodule", name, "active", true);
        url.ifPresent(u -> config.setString("submodule", name, "url", u));
        config.save();
    }

    /** Takes an initialisation back: what it made of the folder and the git dir, and the parent's record. */
    static void uninitialise(
            String path,
            Path dir,
            boolean dirExisted,
            Path gitDir,
            boolean gitDirExisted,
            Path parentGitDir,
            String name) {
        try {
            deleteTree(dir, dirExisted);
            if (!gitDirExisted) {
                deleteTree(gitDir, false);
            }
            try (Repository parent =
                    new FileRepositoryBuilder().setGitDir(parentGitDir.toFile()).build()) {
                StoredConfig config = parent.getConfig();
                config.unsetSection("submodule", name);
                config.save();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot undo the initialisation of " + path, e);
        }
    }

    /**
     * A file that vanishes meanwhile (JGit's background gc after a fetch takes and drops gc.log.lock) is not a failure,
     * and a folder that is not empty yet is tried again.
     */
    private static void deleteTree(Path dir, boolean keepDir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        int flags = FileUtils.RECURSIVE | FileUtils.RETRY | FileUtils.SKIP_MISSING;
        if (!keepDir) {
            FileUtils.delete(dir.toFile(), flags);
            return;
        }
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : children.toList()) {
                FileUtils.delete(child.toFile(), flags);
            }
        }
    }

    /** {@code force} only where nothing of the user's can be lost. */
    static void checkout(Repository repo, String commitOrBranch, boolean force, String path, boolean fsync) {
        try {
            if (!force && SparseCheckout.needed(repo)) {
                SparseCheckout.run(repo, repo.resolve(commitOrBranch + "^{commit}"), fsync);
                return;
            }
            Git.wrap(repo).checkout().setName(commitOrBranch).setForced(force).call();
        } catch (GitAPIException | IOException | RuntimeException e) {
            throw new Failure(path, "cannot check out " + commitOrBranch + ": " + e.getMessage(), e);
        }
    }

    /**
     * In a just-initialised submodule, HEAD may still name the clone's branch tip, which was never checked out: a
     * checkout from there would see every file of the tip as deleted by hand. So HEAD is detached at the commit first,
     * then {@code git reset --hard}.
     */
    static void checkoutInitialised(Repository repo, ObjectId commit, String path) {
        try {
            RefUpdate head = repo.updateRef(Constants.HEAD, true);
            head.setNewObjectId(commit);
            RefUpdate.Result r = head.forceUpdate();
            if (r != RefUpdate.Result.NEW && r != RefUpdate.Result.FORCED && r != RefUpdate.Result.NO_CHANGE) {
                throw new Failure(path, "cannot detach HEAD at " + commit.name() + ": " + r);
            }
            Git.wrap(repo)
                    .reset()
                    .setMode(ResetCommand.ResetType.HARD)
                    .setRef(commit.name())
                    .call();
        } catch (GitAPIException | IOException | RuntimeException e) {
            if (e instanceof Failure f) {
                throw f;
            }
            throw new Failure(path, "cannot check out " + commit.name() + ": " + e.getMessage(), e);
        }
    }

    static boolean isAt(Repository repo, ObjectId commit) {
        return head(repo).map(commit::equals).orElse(false);
    }
}
