package io.patchpin.lock;

import io.patchpin.core.BadInputException;
import io.patchpin.workspace.CommitOverride;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Snapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/**
 * Resolves a pins file's overrides while the snapshot is walked: a commit prefix against the component's object
 * databases, a followed branch to its tip ({@code refs/remotes/origin/<b>}, then {@code refs/heads/<b>}) in the first
 * candidate repository that has it. What cannot be found is collected as a {@link LockResult.Problem}; the gitlink is
 * kept meanwhile so the walk goes on.
 */
final class PinResolver implements CommitOverride {
    private final SortedMap<String, Pins.ComponentOverride> overrides;
    private final String source;
    // the snapshot is resolved by several threads, one per top-level subtree
    private final SortedSet<String> applied = Collections.synchronizedSortedSet(new TreeSet<>());
    private final SortedSet<String> seen = Collections.synchronizedSortedSet(new TreeSet<>());
    private final List<LockResult.Problem> problems = Collections.synchronizedList(new ArrayList<>());

    /** @param pins the pins file, or null: nothing is overridden */
    PinResolver(Pins pins) {
        this.overrides = pins == null ? new TreeMap<>() : pins.overrides();
        this.source = pins == null ? "" : pins.source().toString();
    }

    @Override
    public Optional<ObjectId> commitFor(Component atGitlink, Supplier<List<Repository>> repositories) {
        Pins.ComponentOverride o = overrides.get(atGitlink.path());
        if (o == null) {
            return Optional.empty();
        }
        seen.add(o.path());
        List<Repository> repos = repositories.get();
        Optional<ObjectId> id = o.follow() ? branchTip(o, atGitlink, repos) : commit(o, repos);
        id.ifPresent(x -> applied.add(o.path()));
        return id;
    }

    SortedSet<String> applied() {
        return applied;
    }

    /** Sorted by path, whatever order the threads found them in. */
    List<LockResult.Problem> problems() {
        synchronized (problems) {
            return problems.stream()
                    .sorted(Comparator.comparing(LockResult.Problem::path))
                    .toList();
        }
    }

    /**
     * Refuses overrides that named no component at the locked revision. One below a component whose objects are missing
     * could not be looked at: that is a problem of this machine (exit 1, named), not of the pins file.
     */
    void requireAllSeen(String revision, Snapshot snap) {
        for (Pins.ComponentOverride o : overrides.values()) {
            if (seen.contains(o.path())) {
                continue;
            }
            Optional<Component> hidden = snap.components().values().stream()
                    .filter(c ->
                            !c.available() && !c.isSuperproject() && o.path().startsWith(c.path() + "/"))
                    .findFirst();
            if (hidden.isEmpty()) {
                throw error(o, " names no component at " + revision);
            }
            problems.add(new LockResult.Problem(
                    o.path(),
                    "cannot be applied: it lies in " + hidden.get().path() + ", whose commit "
                            + hidden.get().commit().substring(0, 12) + " is in no local object database"));
        }
    }

    private Optional<ObjectId> branchTip(Pins.ComponentOverride o, Component c, List<Repository> repositories) {
        String branch = o.branch()
                .or(c::branch)
                .orElseThrow(() -> error(
                        o, ": follow = true, but .gitmodules names no branch for it; write follow = \"<branch>\""));
        for (Repository repo : repositories) {
            try {
                Ref tip = repo.getRefDatabase()
                        .firstExactRef(Constants.R_REMOTES + "origin/" + branch, Constants.R_HEADS + branch);
                if (tip != null) {
                    return Optional.of(tip.getObjectId());
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read refs of " + repo.getDirectory(), e);
            }
        }
        problems.add(new LockResult.Problem(
                o.path(),
                "branch '" + branch + "' to follow is in no local repository (" + repositories.size()
                        + " searched); fetch it first"));
        return Optional.empty();
    }

    private Optional<ObjectId> commit(Pins.ComponentOverride o, List<Repository> repositories) {
        String commit = o.commit().orElseThrow();
        SortedSet<String> found = new TreeSet<>();
        for (Repository repo : repositories) {
            try (ObjectReader reader = repo.newObjectReader()) {
                for (ObjectId id : reader.resolve(AbbreviatedObjectId.fromString(commit))) {
                    if (reader.open(id).getType() == Constants.OBJ_COMMIT) {
                        found.add(id.name());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read objects of " + repo.getDirectory(), e);
            }
        }
        if (found.size() > 1) {
            throw error(o, ": commit '" + commit + "' is ambiguous (" + String.join(", ", found) + ")");
        }
        if (found.isEmpty()) {
            problems.add(
                    new LockResult.Problem(o.path(), "commit " + commit + " is in no local object database of it"));
            return Optional.empty();
        }
        return Optional.of(ObjectId.fromString(found.first()));
    }

    private BadInputException error(Pins.ComponentOverride o, String what) {
        return new BadInputException(source, o.line(), "override '" + o.path() + "'" + what);
    }
}
