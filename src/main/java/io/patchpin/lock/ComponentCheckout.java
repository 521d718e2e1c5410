package io.patchpin.lock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.ResetCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.util.FileUtils;

/**
 * The git operations {@code sync} performs on one component: fetch a missing
 * commit, clone a not-yet-initialised submodule into its parent's
 * {@code modules/<name>} (as {@code git submodule update --init} lays it
 * out), and detached checkouts. Failures are {@link SyncFailure}s.
 */
final class ComponentCheckout {
    private static final List<RefSpec> FETCH =
            List.of(new RefSpec("+refs/heads/*:refs/remotes/origin/*"), new RefSpec("+refs/tags/*:refs/tags/*"));

    private ComponentCheckout() {}

    /**
     * Fetches from each source in turn until the repository holds {@code commit}; {@code check} sees each source
     * right before it is fetched or cloned from, and throws to refuse it (a URL from the lockfile that may not be
     * used).
     */
    static void ensureCommit(
            Repository repo, ObjectId commit, List<String> sources, String path, Consumer<String> check) {
        List<String> why = new ArrayList<>();
        for (String source : sources) {
            if (LockRepositories.hasAll(repo, commit)) {
                return;
            }
            check.accept(source);
            // the next source may have it; the end result is what counts
            // every source's reason is kept: a refused or unreachable fetch says why, not only a missing object
            InProcessTransport.fetch(repo, source, FETCH)
                    .ifPresent(reason -> why.add(reason.contains(source) ? reason : source + ": " + reason));
        }
        if (!LockRepositories.hasAll(repo, commit)) {
            throw new SyncFailure(
                    path,
                    "commit " + commit.name() + " is neither in local objects nor fetchable from "
                            + (sources.isEmpty() ? "any URL" : String.join(", ", sources))
                            + (why.isEmpty() ? "" : ": " + String.join("; ", why)));
        }
    }

    /**
     * Clones {@code source} without checkout, git dir at {@code gitDir}, work tree {@code dir}: HEAD is left
     * unborn, as the caller detaches it at the commit it wants. Whatever is left on failure is the caller's
     * undo to remove.
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
            throw new SyncFailure(path, "cannot clone " + source + ": " + e.getMessage());
        }
        Optional<String> failed = InProcessTransport.fetch(repo, source, FETCH);
        if (failed.isPresent()) {
            repo.close();
            throw new SyncFailure(path, "cannot clone " + source + ": " + failed.get());
        }
        return repo;
    }

    /** Records the submodule as initialised in its parent's config, as git does. */
    static void markInitialised(Repository parent, String name, Optional<String> url) throws IOException {
        StoredConfig config = parent.getConfig();
        config.setBoolean("submodule", name, "active", true);
        url.ifPresent(u -> config.setString("submodule", name, "url", u));
        config.save();
    }

    /**
     * Takes an initialisation back, as if it never happened: the folder's content (and the folder unless it was
     * there before), the git dir unless it was there before, and the parent's record of it.
     */
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
     * Deletes what is under {@code dir} (without following links), and {@code dir} unless kept. A file
     * that vanishes meanwhile (JGit's background gc after a fetch takes and drops gc.log.lock) is
     * not a failure, and a folder that is not empty yet is tried again.
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

    /**
     * Checks out {@code commitOrBranch}; {@code force} only where nothing of the user's can be lost; the files a
     * sparse checkout writes are flushed to disk when {@code fsync}.
     */
    static void checkout(Repository repo, String commitOrBranch, boolean force, String path, boolean fsync) {
        try {
            if (!force && SparseCheckout.needed(repo)) {
                SparseCheckout.run(repo, repo.resolve(commitOrBranch + "^{commit}"), fsync);
                return;
            }
            Git.wrap(repo).checkout().setName(commitOrBranch).setForced(force).call();
        } catch (GitAPIException | IOException | RuntimeException e) {
            throw new SyncFailure(path, "cannot check out " + commitOrBranch + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks out {@code commit}, detached, in a just-initialised submodule whose
     * folder is empty: HEAD may still name the clone's branch tip, which was
     * never checked out, so a checkout from there would see every file of the
     * tip as deleted by hand. HEAD is detached at the commit first, then the
     * index and folder are made as that commit ({@code git reset --hard}).
     */
    static void checkoutInitialised(Repository repo, ObjectId commit, String path) {
        try {
            RefUpdate head = repo.updateRef(Constants.HEAD, true);
            head.setNewObjectId(commit);
            RefUpdate.Result r = head.forceUpdate();
            if (r != RefUpdate.Result.NEW && r != RefUpdate.Result.FORCED && r != RefUpdate.Result.NO_CHANGE) {
                throw new SyncFailure(path, "cannot detach HEAD at " + commit.name() + ": " + r);
            }
            Git.wrap(repo)
                    .reset()
                    .setMode(ResetCommand.ResetType.HARD)
                    .setRef(commit.name())
                    .call();
        } catch (GitAPIException | IOException | RuntimeException e) {
            if (e instanceof SyncFailure f) {
                throw f;
            }
            throw new SyncFailure(path, "cannot check out " + commit.name() + ": " + e.getMessage(), e);
        }
    }

    static boolean isAt(Repository repo, ObjectId commit) {
        return WorkTreeComponent.head(repo).map(commit::equals).orElse(false);
    }
}
