package io.patchpin.workspace;

import io.patchpin.core.BadInputException;

import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A superproject (TheRock) with its submodules, recursively. Opened from a
 * work tree or a bare repository; every read goes through the object
 * databases and never writes to them.
 */
public final class Workspace implements AutoCloseable {
    /** TheRock's variable naming its bare mirror folder; the default of {@code --mirror-dir}. */
    public static final String MIRROR_ENV = "THEROCK_GIT_MIRROR_DIR";

    private final Repository superRepo;
    private final RepositoryLocator locator;

    private Workspace(Repository superRepo, RepositoryLocator locator) {
        this.superRepo = superRepo;
        this.locator = locator;
    }

    /** Opens {@code dir} (a work tree or bare repository); {@code mirrorDir} may be null. */
    public static Workspace open(Path dir, Path mirrorDir) {
        Path abs = dir.toAbsolutePath().normalize();
        return new Workspace(RepositoryLocator.openSuperproject(abs), new RepositoryLocator(mirrorDir));
    }

    public Repository superRepository() {
        return superRepo;
    }

    public RepositoryLocator locator() {
        return locator;
    }

    /** The superproject's work tree, or empty for a bare repository. */
    public Optional<Path> workTree() {
        return superRepo.isBare() ? Optional.empty() : Optional.of(superRepo.getWorkTree().toPath());
    }

    /** The superproject work tree, or bad input naming {@code what} needs one. */
    public Path requireWorkTree(String what) {
        return workTree().orElseThrow(() -> new BadInputException(superRepo.getDirectory().toString(), 0,
                what + " needs a work tree, but this repository is bare"));
    }

    /** Resolves a superproject rev-spec to its commit; unknown revisions are bad input. */
    public ObjectId resolve(String rev) {
        return resolve("--rev", rev);
    }

    /** As {@link #resolve(String)}, naming {@code option} (e.g. {@code --onto}) when the revision is unknown. */
    public ObjectId resolve(String option, String rev) {
        try {
            ObjectId id = superRepo.resolve(rev + "^{commit}");
            if (id == null) {
                throw new BadInputException(option, 0, "unknown revision '" + rev + "' in " + describe());
            }
            return id;
        } catch (RevisionSyntaxException e) {
            throw new BadInputException(option, 0, "bad revision '" + rev + "': " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + rev, e);
        }
    }

    /** Every component at superproject revision {@code rev}. */
    public Snapshot snapshot(String rev) {
        return snapshot(resolve(rev));
    }

    /** Every component at superproject commit {@code commit}. */
    public Snapshot snapshot(ObjectId commit) {
        return snapshot(commit, CommitOverride.NONE);
    }

    /** Every component at superproject commit {@code commit}, with chosen gitlinks replaced. */
    public Snapshot snapshot(ObjectId commit, CommitOverride override) {
        return new SnapshotResolver(this, override).resolve(commit);
    }

    /** Parses a commit of the superproject. */
    public RevCommit commit(ObjectId id) {
        try (RevWalk walk = new RevWalk(superRepo)) {
            return walk.parseCommit(id);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read commit " + id.name(), e);
        }
    }

    /** A short description for messages: the work tree or git directory. */
    public String describe() {
        return workTree().map(Path::toString).orElse(superRepo.getDirectory().toString());
    }

    @Override
    public void close() {
        locator.close();
        superRepo.close();
    }
}
