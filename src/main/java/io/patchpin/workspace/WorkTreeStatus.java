package io.patchpin.workspace;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.submodule.SubmoduleWalk.IgnoreSubmoduleMode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One component's checkout, as audit and capture see it: its HEAD and the paths that differ from it
 * (modified, staged, deleted, untracked and not ignored). JGit's status
 * trusts the index stat data and hashes only files whose stat changed,
 * as git does. Gitlinks are left out: nested components are audited on
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
            Status s = git.status().setIgnoreSubmodules(IgnoreSubmoduleMode.ALL).call();
            SortedSet<String> out = new TreeSet<>();
            out.addAll(s.getModified());
            out.addAll(s.getChanged());
            out.addAll(s.getAdded());
            out.addAll(s.getRemoved());
            out.addAll(s.getMissing());
            out.addAll(s.getUntracked());
            ObjectId head = git.getRepository().resolve("HEAD^{commit}");
            return new WorkTreeStatus(head == null ? "(none)" : head.name(), List.copyOf(out));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the status of " + dir, e);
        } catch (GitAPIException e) {
            throw new IllegalStateException("cannot read the status of " + dir + ": " + e.getMessage(), e);
        }
    }
}
