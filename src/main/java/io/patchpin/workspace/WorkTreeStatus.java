package io.patchpin.workspace;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;

/**
 * One component's checkout, as audit and capture see it: its HEAD and the paths that differ from it
 * (modified, staged, deleted, untracked and not ignored). Like git status,
 * it trusts the index stat data and hashes only files whose stat changed
 * (see StatWalk). Gitlinks are left out: nested components are audited on
 * their own.
 *
 * @param head 40-hex HEAD commit, or "(none)"
 */
public record WorkTreeStatus(String head, List<String> changed) {
    public WorkTreeStatus {
        changed = List.copyOf(changed);
    }

    /** The status of the checkout at {@code dir}; reads only. */
    public static WorkTreeStatus of(Path dir) {
        try (Git git = Git.open(dir.toFile())) {
            Repository repo = git.getRepository();
            SortedSet<String> out = StatWalk.changes(repo);
            ObjectId head = repo.resolve("HEAD^{commit}");
            return new WorkTreeStatus(head == null ? "(none)" : head.name(), List.copyOf(out));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the status of " + dir, e);
        }
    }
}
