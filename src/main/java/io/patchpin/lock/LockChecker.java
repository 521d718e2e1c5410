package io.patchpin.lock;

import io.patchpin.workspace.Workspace;

import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Checks the work tree against a lock: wrong commit, uninitialised, dirty; reads only. */
public final class LockChecker {
    private LockChecker() {
    }

    public static LockCheck check(Workspace workspace, Lock lock) {
        Path root = workspace.requireWorkTree("lock check");
        List<LockCheck.Finding> findings = new ArrayList<>();
        for (LockEntry e : lock.components()) {
            findings.addAll(check(root, e));
        }
        return new LockCheck(lock.components().size(), findings);
    }

    private static List<LockCheck.Finding> check(Path root, LockEntry e) {
        Optional<Repository> opened = WorkTreeComponent.open(WorkTreeComponent.dir(root, e.path()));
        if (opened.isEmpty()) {
            return List.of(new LockCheck.Finding(e.path(), LockCheck.Kind.UNINITIALISED,
                    "not checked out; locked at " + e.commit(), List.of()));
        }
        List<LockCheck.Finding> out = new ArrayList<>();
        try (Repository repo = opened.get()) {
            Optional<ObjectId> head = WorkTreeComponent.head(repo);
            if (head.isEmpty() || !head.get().name().equals(e.commit())) {
                out.add(new LockCheck.Finding(e.path(), LockCheck.Kind.WRONG_COMMIT, "at "
                        + head.map(ObjectId::name).orElse("(no commit)") + ", locked at " + e.commit(), List.of()));
            }
            SortedSet<String> dirty = WorkTreeComponent.dirtyFiles(repo);
            if (!dirty.isEmpty()) {
                out.add(new LockCheck.Finding(e.path(), LockCheck.Kind.DIRTY,
                        dirty.size() + " file(s) with uncommitted changes: " + String.join(", ", dirty),
                        List.copyOf(dirty)));
            }
        }
        return out;
    }
}
