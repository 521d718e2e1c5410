package io.patchpin.capture;

import io.patchpin.core.BadInputException;
import io.patchpin.workspace.Component;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.submodule.SubmoduleWalk.IgnoreSubmoduleMode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The paths of one component's work tree that differ from its checked-out
 * commit: modified, added, deleted, and untracked files that no
 * {@code .gitignore} hides. Submodule gitlinks are left out. Reads only
 * (JGit's status compares index stat data before hashing anything).
 */
final class WorkTreeEdits {
    private WorkTreeEdits() {
    }

    /** Changed paths relative to the component, sorted; bad input when it is not at its pinned commit. */
    static SortedSet<String> of(Component c, Path dir) {
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
            if (!out.isEmpty() && (head == null || !head.name().equals(c.commit()))) {
                throw new BadInputException(dir.toString(), 0, "component " + c.path() + " is checked out at "
                        + (head == null ? "no commit" : head.name().substring(0, 12)) + ", not at "
                        + c.commit().substring(0, 12) + " as the patchset's base pins it; sync it first");
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the status of " + dir, e);
        } catch (GitAPIException e) {
            throw new IllegalStateException("cannot read the status of " + dir + ": " + e.getMessage(), e);
        }
    }
}
