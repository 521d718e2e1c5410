package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * A superproject (TheRock) with its submodules, recursively. Opened from a work tree or a bare repository; every read
 * goes through the object databases and never writes to them.
 */
public final class Workspace implements AutoCloseable {
    /** TheRock's variable naming its bare mirror folder; the default of {@code --mirror-dir}. */
    public static final String MIRROR_ENV = "THEROCK_GIT_MIRROR_DIR";

    private final Repository superRepo;
    private final RepositoryLocator locator;
    private final Settings settings;

    private Workspace(Repository superRepo, RepositoryLocator locator, Settings settings) {
        this.superRepo = superRepo;
        this.locator = locator;
        this.settings = settings;
    }

    /** Opens {@code dir} (a work tree or bare repository); {@code mirrorDir} may be null. */
    public static Workspace open(Path dir, Path mirrorDir) {
        return open(dir, mirrorDir, Settings.DEFAULT);
    }

    public static Workspace open(Path dir, Path mirrorDir, Settings settings) {
        Path abs = dir.toAbsolutePath().normalize();
        return new Workspace(RepositoryLocator.openSuperproject(abs), new RepositoryLocator(mirrorDir), settings);
    }

    public Settings settings() {
        return settings;
    }

    public Repository superRepository() {
        return superRepo;
    }

    public RepositoryLocator locator() {
        return locator;
    }

    public Optional<Path> workTree() {
        return superRepo.isBare()
                ? Optional.empty()
                : Optional.of(superRepo.getWorkTree().toPath());
    }

    /** The superproject work tree, or bad input naming {@code what} needs one. */
    public Path requireWorkTree(String what) {
        return workTree()
                .orElseThrow(() -> new BadInputException(
                        superRepo.getDirectory().toString(),
                        0,
                        what + " needs a work tree, but this repository is bare"));
    }

    /** Resolves a superproject rev-spec to its commit; unknown revisions are bad input. */
    public ObjectId resolve(String rev) {
        return resolve("--rev", rev);
    }

    /** As {@link #resolve(String)}, naming {@code option} (e.g. {@code --onto}) in the one line of bad input. */
    public ObjectId resolve(String option, String rev) {
        try {
            ObjectId id = superRepo.resolve(rev + "^{commit}");
            if (id == null) {
                throw new BadInputException(
                        option, 0, "unknown revision '" + rev + "' in " + describe() + shallowNote());
            }
            return id;
        } catch (AmbiguousObjectException e) {
            throw new BadInputException(option, 0, "'" + rev + "' is ambiguous: it could be " + candidates(e), e);
        } catch (IncorrectObjectTypeException e) {
            throw new BadInputException(
                    option,
                    0,
                    "'" + rev + "' does not name a commit (it names a " + typeOf(rev)
                            + "); give a commit, branch or tag",
                    e);
        } catch (MissingObjectException e) {
            throw new BadInputException(
                    option, 0, "unknown revision '" + rev + "' in " + describe() + shallowNote(), e);
        } catch (RevisionSyntaxException e) {
            String why = rev.matches(".*@\\{[0-9]+\\}.*")
                    ? "no such reflog entry here (reflogs are local; give a commit, branch or tag)"
                    : e.getMessage() == null ? "not a revision git understands" : e.getMessage();
            throw new BadInputException(option, 0, "bad revision '" + rev + "': " + why, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + rev, e);
        }
    }

    /**
     * A patchset's base commit; a base this repository does not hold is bad input that asks whether {@code --repo} is
     * the right checkout.
     */
    public ObjectId resolveBase(String base) {
        if (!has(ObjectId.fromString(base))) {
            throw new BadInputException("base " + base.substring(0, 7) + " is not in " + describe()
                    + (shallow()
                            ? " (a shallow clone: git fetch --unshallow, or --deepen until it holds the base)"
                            : ": is --repo your TheRock checkout?"));
        }
        return resolve("--rev", base);
    }

    public boolean has(ObjectId id) {
        try {
            return superRepo.getObjectDatabase().has(id);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the object database of " + describe(), e);
        }
    }

    private String typeOf(String rev) {
        try {
            ObjectId id = superRepo.resolve(rev);
            return id == null ? "non-commit" : typeOf(id, "non-commit");
        } catch (IOException | RevisionSyntaxException e) {
            return "non-commit";
        }
    }

    private String typeOf(ObjectId id, String unknown) {
        try (ObjectReader reader = superRepo.newObjectReader()) {
            return Constants.typeString(reader.open(id).getType());
        } catch (IOException e) {
            return unknown;
        }
    }

    private boolean shallow() {
        return Files.exists(superRepo.getDirectory().toPath().resolve("shallow"));
    }

    private String shallowNote() {
        return shallow() ? " (a shallow clone: git fetch --unshallow, or --deepen until it holds it)" : "";
    }

    private String candidates(AmbiguousObjectException e) {
        List<String> out = new TreeSet<>(e.getCandidates())
                .stream()
                        .limit(8)
                        .map(id -> id.name().substring(0, 12) + " (" + typeOf(id, "object") + ")")
                        .toList();
        int more = e.getCandidates().size() - out.size();
        return String.join(", ", out) + (more > 0 ? " and " + more + " more" : "") + "; give more digits";
    }

    /** Every component at superproject revision {@code rev}. */
    public Snapshot snapshot(String rev) {
        return snapshot(resolve(rev));
    }

    /** Every component at a patchset's base commit; a base not in this repository is bad input ({@link #resolveBase}). */
    public Snapshot baseSnapshot(String base) {
        return snapshot(resolveBase(base));
    }

    /**
     * Refuses a patchset base this repository does not hold, unless it is a shallow clone (there the base may simply be
     * beyond its depth, and checks that need no base still run): a complete clone without the base is most likely the
     * wrong --repo.
     */
    public void requireBaseUnlessShallow(String base) {
        if (base != null && !shallow()) {
            resolveBase(base);
        }
    }

    public Snapshot snapshot(ObjectId commit) {
        return snapshot(commit, CommitOverride.NONE);
    }

    /** Every component at superproject commit {@code commit}, with chosen gitlinks replaced. */
    public Snapshot snapshot(ObjectId commit, CommitOverride override) {
        return new SnapshotResolver(superRepo, workTree().orElse(null), locator(), override, settings).resolve(commit);
    }

    public RevCommit commit(ObjectId id) {
        try (RevWalk walk = new RevWalk(superRepo)) {
            return walk.parseCommit(id);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read commit " + id.name(), e);
        }
    }

    public String describe() {
        return workTree().map(Path::toString).orElse(superRepo.getDirectory().toString());
    }

    @Override
    public void close() {
        locator.close();
        superRepo.close();
    }
}
