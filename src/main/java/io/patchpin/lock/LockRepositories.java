package io.patchpin.lock;

import io.patchpin.workspace.RepositoryLocator;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * Finds the object databases of a lock's components in a workspace, by the workspace's lookup order (parent's modules
 * folder, own .git, mirror), the parent's git directory coming from the parent's own lookup. Read-only.
 */
public final class LockRepositories {
    private final Workspace workspace;
    private final Map<String, LockEntry> entries = new HashMap<>();
    private final Map<String, List<Repository>> candidates = new HashMap<>();

    public LockRepositories(Workspace workspace, List<Lock> locks) {
        this.workspace = workspace;
        for (Lock lock : locks) {
            lock.components().forEach(c -> entries.putIfAbsent(c.path(), c));
        }
    }

    /** In lookup order. */
    public List<Repository> candidates(String path) {
        List<Repository> known = candidates.get(path);
        if (known != null) {
            return known;
        }
        LockEntry e = entries.get(path);
        List<Repository> found;
        if (e == null || e.isSuperproject()) {
            found = e == null ? List.of() : List.of(workspace.superRepository());
        } else {
            List<Repository> parent = candidates(e.parent().orElseThrow());
            Path parentGitDir =
                    parent.isEmpty() ? null : parent.get(0).getDirectory().toPath();
            Path workTree = workspace.workTree().map(w -> w.resolve(path)).orElse(null);
            found = workspace
                    .locator()
                    .existing(parentGitDir, workTree, e.name(), e.url().orElse(null));
        }
        candidates.put(path, found);
        return found;
    }

    /** The first object database of the component holding every one of {@code commits}. */
    public Optional<Repository> holding(String path, ObjectId... commits) {
        return candidates(path).stream()
                .filter(r -> RepositoryLocator.has(r, commits))
                .findFirst();
    }
}
