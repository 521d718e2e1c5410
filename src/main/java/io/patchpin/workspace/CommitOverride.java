package io.patchpin.workspace;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * Replaces the gitlink commit of chosen components while a snapshot is resolved, so that nested components come from
 * the replacing commit's own {@code .gitmodules} and tree ("perfetto at eb5ef24" in a pins file).
 */
@FunctionalInterface
public interface CommitOverride {
    CommitOverride NONE = (component, repositories) -> Optional.empty();

    /**
     * The commit to use instead of the gitlink of {@code atGitlink}, or empty to keep the gitlink. Called from
     * several threads at once (one per top-level subtree).
     *
     * @param atGitlink    the component as its parent records it
     * @param repositories every existing candidate object database of the component, in lookup order
     *                     (opened on demand: components without an override cost nothing)
     */
    Optional<ObjectId> commitFor(Component atGitlink, Supplier<List<Repository>> repositories);
}
