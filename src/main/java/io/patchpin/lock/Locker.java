package io.patchpin.lock;

import io.patchpin.core.BadInputException;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.RepositoryLocator;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;

import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Locks a workspace: every component at one superproject revision (the pins
 * file's workspace root ref, or {@code --rev}, or HEAD), with the pins file's
 * overrides applied while walking, plus patchset and .smrev digests. Reads
 * object databases only; never writes.
 */
public final class Locker {
    private Locker() {
    }

    /**
     * @param rev  superproject rev-spec, or null for the pins root's ref (HEAD without pins)
     * @param pins the pins file, or null
     */
    public static LockResult lock(Workspace workspace, String rev, Pins pins) {
        ObjectId commit = rev != null || pins == null ? workspace.resolve(rev == null ? "HEAD" : rev)
                : rootRef(workspace, pins);
        PinResolver resolver = new PinResolver(pins == null ? emptyPins() : pins);
        Snapshot snap = workspace.snapshot(commit, resolver);
        if (pins != null) {
            resolver.requireAllSeen("superproject " + commit.abbreviate(12).name(), snap);
        }
        List<LockEntry> entries = new ArrayList<>();
        Map<String, LockEntry> topLevel = new TreeMap<>();
        for (Component c : snap.components().values()) {
            String url = c.isSuperproject() ? superprojectUrl(pins, c.url()) : componentUrl(c.url());
            LockEntry e = new LockEntry(c.path(), c.name(), c.parent(), url, c.branch(), c.commit(),
                    resolver.applied().contains(c.path()), c.available());
            entries.add(e);
            if (Component.SUPERPROJECT.equals(c.parent())) {
                topLevel.put(c.name(), e);
            }
        }
        java.util.Set<String> paths = new java.util.HashSet<>();
        entries.forEach(e -> paths.add(e.path()));
        TopologySources.of(workspace, commit).stream().filter(e -> paths.add(e.path())).forEach(entries::add);
        List<PatchsetDigest> patchsets = new ArrayList<>();
        List<LockRoot> roots = new ArrayList<>();
        if (pins != null) {
            pins.patchsets().forEach(p -> patchsets.add(PatchsetDigests.of(p, pins.patchsetFolder(p))));
            pins.roots().forEach(r -> roots.add(lockRoot(pins, r, commit, rev)));
        }
        Lock lock = new Lock(pins == null ? null : pins.name(), commit.name(), roots, entries, patchsets,
                SmrevDigests.of(workspace.superRepository(), commit, topLevel));
        return new LockResult(lock, resolver.problems());
    }

    private static Pins emptyPins() {
        return new Pins(Path.of("-"), Path.of("."), "-", null, List.of(), new TreeMap<>(), List.of(), "../patchsets");
    }

    /** The workspace root's ref: as given, else as a branch of origin. */
    private static ObjectId rootRef(Workspace workspace, Pins pins) {
        PinRoot root = pins.workspaceRoot();
        return resolveRef(workspace.superRepository(), root.ref()).orElseThrow(() -> new BadInputException(
                pins.source().toString(), root.line(), "root '" + root.name() + "': ref '" + root.ref()
                        + "' is not a commit, branch or tag of " + workspace.describe()));
    }

    private static java.util.Optional<ObjectId> resolveRef(Repository repo, String ref) {
        for (String candidate : List.of(ref, "refs/remotes/origin/" + ref)) {
            try {
                ObjectId id = repo.resolve(candidate + "^{commit}");
                if (id != null) {
                    return java.util.Optional.of(id);
                }
            } catch (RevisionSyntaxException | AmbiguousObjectException | IncorrectObjectTypeException | MissingObjectException e) {
                // an unparsable, ambiguous, non-commit or absent (a 40-hex id nobody has) rev-spec is simply not this ref;
                // the caller reports it as unknown, at the pins file's line
            } catch (IOException e) {
                // objects that are there but cannot be read: a fault, not an unknown ref
                throw new UncheckedIOException("cannot resolve '" + candidate + "' in " + repo.getDirectory() + ": "
                        + e.getMessage(), e);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * The superproject's URL: the pins root's, else origin's when it names a
     * remote. A local-path origin (a clone of a clone or of a mirror folder)
     * says where this copy came from, not what was locked, so it is left out.
     */
    private static String superprojectUrl(Pins pins, String origin) {
        if (pins != null) {
            return pins.workspaceRoot().url();
        }
        return origin == null || isLocalPath(origin) ? null : origin;
    }

    /**
     * A component's URL as .gitmodules gives it; a relative one resolved against a local origin is a path
     * on this machine, which says nothing to whoever reads the lock, so it is left out. A {@code file://}
     * URL written in .gitmodules itself is the project's own choice and kept.
     */
    static String componentUrl(String url) {
        return url == null || url.regionMatches(true, 0, "file://", 0, 7) || !isLocalPath(url) ? url : null;
    }

    /**
     * A path on this machine: a {@code file://} URL, or neither {@code scheme://...} nor git's scp-like
     * {@code host:path} (a drive letter is a path).
     */
    static boolean isLocalPath(String url) {
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
     * A root beside the workspace is locked at its ref when its local clone is
     * at hand. The workspace root records the ref actually locked: {@code --rev}
     * when given, else its own.
     */
    private static LockRoot lockRoot(Pins pins, PinRoot r, ObjectId workspaceCommit, String rev) {
        if (r.equals(pins.workspaceRoot())) {
            return new LockRoot(r.name(), r.url(), rev != null ? rev : r.ref(), workspaceCommit.name());
        }
        if (r.path() == null) {
            return new LockRoot(r.name(), r.url(), r.ref(), null);
        }
        Path dir = pins.dir().resolve(r.path()).normalize();
        Repository opened;
        try {
            opened = RepositoryLocator.openSuperproject(dir);
        } catch (UncheckedIOException e) {
            throw new BadInputException(pins.source().toString(), r.line(), "root '" + r.name() + "': " + e.getMessage(), e);
        } catch (BadInputException e) {
            if (e.source() != null && e.source().equals(pins.source().toString())) {
                throw e;
            }
            // the clone's folder is the problem, but the pins line naming it is what the user edits
            throw new BadInputException(pins.source().toString(), r.line(), "root '" + r.name() + "': " + e.oneLine(), e);
        }
        try (Repository repo = opened) {
            ObjectId id = resolveRef(repo, r.ref()).orElseThrow(() -> new BadInputException(pins.source().toString(),
                    r.line(), "root '" + r.name() + "': ref '" + r.ref() + "' is not in " + dir));
            return new LockRoot(r.name(), r.url(), r.ref(), id.name());
        }
    }
}
