package io.patchpin.lock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * A pins file's {@code ref} as its writer means it: a branch is the
 * upstream's branch, so the same pins give the same lock from a full clone
 * (its remote-tracking {@code origin/<ref>}), a bare mirror or a shallow
 * clone (their own branch of that name, which is the upstream's), never a
 * stale local branch. Then a tag, a commit, and any other rev-spec.
 */
final class RefResolver {
    private static final Pattern FULL_ID = Pattern.compile("[0-9a-fA-F]{40}");

    private RefResolver() {}

    /**
     * What a ref resolved to.
     *
     * @param commit   the commit
     * @param resolved how, the same whatever the clone: {@code origin/<branch>}, {@code tags/<tag>}, {@code commit}
     *                 or {@code rev} (another rev-spec, such as {@code HEAD~2})
     * @param note     what the user should know (a local branch of that name that points elsewhere), or empty
     */
    record Resolved(ObjectId commit, String resolved, Optional<String> note) {}

    /** The ref's commit in {@code repo}; empty when it names nothing there. An absent full commit id is empty too. */
    static Optional<Resolved> resolve(Repository repo, String ref) {
        try {
            if (FULL_ID.matcher(ref).matches()) {
                // resolve() of 40 hex answers without looking: the object must be here
                return repo.getObjectDatabase().has(ObjectId.fromString(ref))
                        ? rev(repo, ref).map(c -> new Resolved(c, "commit", Optional.empty()))
                        : Optional.empty();
            }
            Ref tracking = repo.exactRef(Constants.R_REMOTES + "origin/" + ref);
            Ref local = repo.exactRef(Constants.R_HEADS + ref);
            if (tracking != null) {
                Optional<ObjectId> c = rev(repo, tracking.getName());
                if (c.isPresent()) {
                    Optional<String> note = Optional.empty();
                    if (local != null && !c.get().equals(local.getObjectId())) {
                        note = Optional.of("ref '" + ref + "' is origin/" + ref + " at "
                                + c.get().abbreviate(12).name()
                                + "; the local branch " + ref + " points elsewhere ("
                                + local.getObjectId().abbreviate(12).name()
                                + ") and is not what is locked");
                    }
                    return Optional.of(new Resolved(c.get(), "origin/" + ref, note));
                }
            }
            if (local != null) {
                // a bare or mirror clone's branches are the upstream's; a work tree without origin has only its own
                Optional<ObjectId> c = rev(repo, local.getName());
                if (c.isPresent()) {
                    return Optional.of(new Resolved(
                            c.get(),
                            repo.isBare() || repo.getRemoteNames().isEmpty() ? "origin/" + ref : "local/" + ref,
                            Optional.empty()));
                }
            }
            Ref tag = repo.exactRef(Constants.R_TAGS + ref);
            if (tag != null) {
                Optional<ObjectId> c = rev(repo, tag.getName());
                if (c.isPresent()) {
                    return Optional.of(new Resolved(c.get(), "tags/" + ref, Optional.empty()));
                }
            }
            return rev(repo, ref).map(c -> new Resolved(c, "rev", Optional.empty()));
        } catch (IOException e) {
            // objects that are there but cannot be read: a fault, not an unknown ref
            throw new UncheckedIOException(
                    "cannot resolve '" + ref + "' in " + repo.getDirectory() + ": " + e.getMessage(), e);
        }
    }

    private static Optional<ObjectId> rev(Repository repo, String spec) throws IOException {
        try {
            return Optional.ofNullable(repo.resolve(spec + "^{commit}"));
        } catch (RevisionSyntaxException
                | AmbiguousObjectException
                | IncorrectObjectTypeException
                | MissingObjectException e) {
            // not a ref, ambiguous, not a commit, or a commit whose object is not here: not this ref
            return Optional.empty();
        }
    }
}
