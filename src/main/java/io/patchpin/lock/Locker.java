package io.patchpin.lock;

import io.patchpin.core.BadInputException;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.RepositoryLocator;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * Locks a workspace: every component at one superproject revision (the pins file's workspace root ref, or
 * {@code --rev}, or HEAD), with the pins file's overrides applied while walking, plus patchset and .smrev digests.
 * Reads object databases only; never writes.
 */
public final class Locker {
    private static final Pattern FULL_ID = Pattern.compile("[0-9a-fA-F]{40}");

    private Locker() {}

    /**
     * @param rev  superproject rev-spec, or null for the pins root's ref (HEAD without pins)
     * @param pins the pins file, or null
     */
    public static LockResult lock(Workspace workspace, String rev, Pins pins) {
        List<String> notes = new ArrayList<>();
        Resolved atRoot = rev != null || pins == null ? null : rootRef(workspace, pins);
        ObjectId commit = atRoot == null ? workspace.resolve(rev == null ? "HEAD" : rev) : atRoot.commit();
        if (atRoot != null) {
            atRoot.note()
                    .ifPresent(n ->
                            notes.add(pins.source() + ":" + pins.workspaceRoot().line() + ": " + n));
        }
        PinResolver resolver = new PinResolver(pins);
        Snapshot snap = workspace.snapshot(commit, resolver);
        if (pins != null) {
            resolver.requireAllSeen("superproject " + commit.abbreviate(12).name(), snap);
        }
        List<LockEntry> entries = snap.components().values().stream()
                .map(c -> LockEntry.of(c, url(pins, c), resolver.applied().contains(c.path()), Optional.empty()))
                .toList();
        List<LockEntry> all = TopologySources.plus(workspace, commit, entries);
        List<PatchsetDigest> patchsets = new ArrayList<>();
        List<Lock.Root> roots = new ArrayList<>();
        if (pins != null) {
            pins.patchsets().forEach(p -> patchsets.add(PatchsetDigest.of(p, pins.patchsetFolder(p))));
            pins.roots().forEach(r -> roots.add(lockRoot(pins, r, commit, rev, atRoot, notes)));
        }
        Lock lock = new Lock(
                Optional.ofNullable(pins).map(Pins::name),
                commit.name(),
                roots,
                all,
                patchsets,
                SmrevDigest.of(workspace.superRepository(), commit, entries));
        return new LockResult(lock, resolver.problems(), notes);
    }

    /** The commit the pins' workspace root's ref names here (the tip of its branch), as {@code lock} reads it. */
    public static ObjectId rootCommit(Workspace workspace, Pins pins) {
        return rootRef(workspace, pins).commit();
    }

    /** The workspace root's ref; bad input at its line when it names nothing here. */
    private static Resolved rootRef(Workspace workspace, Pins pins) {
        Pins.Root root = pins.workspaceRoot();
        return resolve(workspace.superRepository(), root.ref())
                .orElseThrow(() -> rootError(
                        pins,
                        root,
                        "ref '" + root.ref() + "' is not a commit, branch or tag of " + workspace.describe(),
                        null));
    }

    /**
     * The URL to lock. The superproject's is the pins root's (when {@code pins} is not null), else origin's when it
     * names a remote: a local-path origin (a clone of a clone or of a mirror folder) says where this copy came from,
     * not what was locked, so it is left out. A component's is as .gitmodules gives it; a relative one resolved against
     * a local origin is a path on this machine, which says nothing to whoever reads the lock, so it is left out too. A
     * {@code file://} URL written in .gitmodules itself is the project's own choice and kept.
     */
    static Optional<String> url(Pins pins, Component c) {
        if (!c.isSuperproject()) {
            return c.url().filter(u -> u.regionMatches(true, 0, "file://", 0, 7) || !isLocalPath(u));
        }
        if (pins != null) {
            return Optional.of(pins.workspaceRoot().url());
        }
        return c.url().filter(u -> !isLocalPath(u));
    }

    /**
     * A path on this machine: a {@code file://} URL, or neither {@code scheme://...} nor git's scp-like
     * {@code host:path} (a drive letter is a path).
     */
    private static boolean isLocalPath(String url) {
        if (url.regionMatches(true, 0, "file://", 0, 7)) {
            return true;
        }
        if (url.matches("^[A-Za-z][A-Za-z0-9+.-]*://.*")) {
            return false;
        }
        int colon = url.indexOf(':');
        int slash = url.indexOf('/');
        boolean scp = colon > 1 && (slash < 0 || colon < slash);
        return !scp;
    }

    /**
     * A root beside the workspace is locked at its ref when its local clone is at hand. The workspace root records the
     * ref actually locked: {@code --rev} when given, else its own.
     */
    private static Lock.Root lockRoot(
            Pins pins, Pins.Root r, ObjectId workspaceCommit, String rev, Resolved atRoot, List<String> notes) {
        if (r.equals(pins.workspaceRoot())) {
            return atRoot == null
                    ? new Lock.Root(r.name(), r.url(), rev, workspaceCommit.name())
                    : new Lock.Root(
                            r.name(),
                            r.url(),
                            r.ref(),
                            Optional.of(workspaceCommit.name()),
                            Optional.of(atRoot.resolved()));
        }
        if (r.path().isEmpty()) {
            return Lock.Root.unresolved(r.name(), r.url(), r.ref());
        }
        Path dir = pins.dir().resolve(r.path().get()).normalize();
        Repository opened;
        try {
            opened = RepositoryLocator.openSuperproject(dir);
        } catch (UncheckedIOException e) {
            throw rootError(pins, r, e.getMessage(), e);
        } catch (BadInputException e) {
            if (e.source() != null && e.source().equals(pins.source().toString())) {
                throw e;
            }
            // the clone's folder is the problem, but the pins line naming it is what the user edits
            throw rootError(pins, r, e.oneLine(), e);
        }
        try (Repository repo = opened) {
            Resolved id = resolve(repo, r.ref())
                    .orElseThrow(() -> rootError(pins, r, "ref '" + r.ref() + "' is not in " + dir, null));
            id.note().ifPresent(n -> notes.add(pins.source() + ":" + r.line() + ": " + n));
            return new Lock.Root(
                    r.name(), r.url(), r.ref(), Optional.of(id.commit().name()), Optional.of(id.resolved()));
        }
    }

    private static BadInputException rootError(Pins pins, Pins.Root r, String why, Throwable cause) {
        return new BadInputException(pins.source().toString(), r.line(), "root '" + r.name() + "': " + why, cause);
    }

    /**
     * What a ref resolved to.
     *
     * @param resolved how, the same whatever the clone: {@code origin/<branch>}, {@code tags/<tag>}, {@code commit} or
     *                 {@code rev} (another rev-spec, such as {@code HEAD~2})
     * @param note     what the user should know (a local branch of that name that points elsewhere)
     */
    private record Resolved(ObjectId commit, String resolved, Optional<String> note) {}

    /**
     * A pins file's {@code ref} in {@code repo} as its writer means it: a branch is the upstream's branch, so the same
     * pins give the same lock from a full clone (its {@code origin/<ref>}), a bare mirror or a shallow clone (their own
     * branch of that name), never a stale local branch. Then a tag, a commit, and any other rev-spec. Empty when it
     * names nothing there (an absent full commit id too).
     */
    private static Optional<Resolved> resolve(Repository repo, String ref) {
        try {
            if (FULL_ID.matcher(ref).matches()) {
                // resolve() of 40 hex answers without looking: the object must be here
                return repo.getObjectDatabase().has(ObjectId.fromString(ref))
                        ? rev(repo, ref).map(c -> new Resolved(c, "commit", Optional.empty()))
                        : Optional.empty();
            }
            Ref local = repo.exactRef(Constants.R_HEADS + ref);
            Optional<ObjectId> tracking = at(repo, repo.exactRef(Constants.R_REMOTES + "origin/" + ref));
            if (tracking.isPresent()) {
                ObjectId c = tracking.get();
                Optional<String> note = Optional.ofNullable(local)
                        .filter(l -> !c.equals(l.getObjectId()))
                        .map(l -> "ref '" + ref + "' is origin/" + ref + " at "
                                + c.abbreviate(12).name()
                                + "; the local branch " + ref + " points elsewhere ("
                                + l.getObjectId().abbreviate(12).name() + ") and is not what is locked");
                return Optional.of(new Resolved(c, "origin/" + ref, note));
            }
            Optional<ObjectId> branch = at(repo, local);
            if (branch.isPresent()) {
                // a bare or mirror clone's branches are the upstream's; a work tree without origin has only its own
                boolean upstream = repo.isBare() || repo.getRemoteNames().isEmpty();
                return Optional.of(
                        new Resolved(branch.get(), (upstream ? "origin/" : "local/") + ref, Optional.empty()));
            }
            Optional<ObjectId> tag = at(repo, repo.exactRef(Constants.R_TAGS + ref));
            if (tag.isPresent()) {
                return Optional.of(new Resolved(tag.get(), "tags/" + ref, Optional.empty()));
            }
            return rev(repo, ref).map(c -> new Resolved(c, "rev", Optional.empty()));
        } catch (IOException e) {
            // objects that are there but cannot be read: a fault, not an unknown ref
            throw new UncheckedIOException(
                    "cannot resolve '" + ref + "' in " + repo.getDirectory() + ": " + e.getMessage(), e);
        }
    }

    /** The commit {@code ref} (null: none) points at, when it is a commit here. */
    private static Optional<ObjectId> at(Repository repo, Ref ref) throws IOException {
        return ref == null ? Optional.empty() : rev(repo, ref.getName());
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
