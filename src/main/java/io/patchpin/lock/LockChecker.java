package io.patchpin.lock;

import io.patchpin.core.RealDirs;
import io.patchpin.verify.AppliedCommits;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/** Checks the work tree against a lock: wrong commit, uninitialised, dirty; reads only. */
public final class LockChecker {
    private LockChecker() {}

    /**
     * Checks the components {@code only} keeps; one whose commits above the pin are the entries of {@code dirs} is
     * patched.
     */
    public static LockCheck check(Workspace workspace, Lock lock, List<Path> dirs, ComponentFilter only) {
        only.requireKnown(lock.components().stream().map(LockEntry::path).toList(), "not in the lock");
        Path root = workspace.requireWorkTree("lock check");
        List<LockCheck.Finding> findings = new ArrayList<>();
        List<LockCheck.Patched> patched = new ArrayList<>();
        PatchedState state = new PatchedState(workspace, lock, dirs);
        List<LockEntry> checked =
                lock.components().stream().filter(e -> only.keeps(e.path())).toList();
        for (LockEntry e : checked) {
            findings.addAll(check(root, e, state, patched));
        }
        return new LockCheck(checked.size(), findings, patched);
    }

    /** The lock's patchset folders found beside its pins folder ({@code ../patchsets/<name>}). */
    public static List<Path> lockedPatchsets(Path lockFile, Lock lock) {
        Path parent = lockFile.toAbsolutePath().getParent();
        return lock.patchsets().stream()
                .map(p -> parent.resolve("../patchsets").resolve(p.name()).normalize())
                .filter(dir -> Files.isRegularFile(dir.resolve("patchset.toml")))
                .toList();
    }

    private static List<LockCheck.Finding> check(
            Path root, LockEntry e, PatchedState state, List<LockCheck.Patched> patched) {
        Optional<Repository> opened = ComponentCheckout.open(RealDirs.resolve(root, e.path()));
        if (opened.isEmpty() && e.fromTopology()) {
            return List.of(); // an optional source set TheRock was not asked to fetch; checked once it is there
        }
        if (opened.isEmpty()) {
            return List.of(new LockCheck.Finding(
                    e.path(),
                    LockCheck.Kind.UNINITIALISED,
                    "not checked out (git submodule update --init " + e.path() + "); locked at " + e.commit(),
                    List.of()));
        }
        List<LockCheck.Finding> out = new ArrayList<>();
        try (Repository repo = opened.get()) {
            Optional<ObjectId> head = ComponentCheckout.head(repo);
            if (head.isEmpty() || !head.get().name().equals(e.commit())) {
                AppliedCommits.Result applied = head.isEmpty()
                        ? null
                        : state.explain(root, e, repo, head.get().name());
                if (applied != null && applied.explained()) {
                    patched.add(new LockCheck.Patched(e.path(), head.get().name(), applied.held()));
                } else {
                    out.add(new LockCheck.Finding(
                            e.path(),
                            LockCheck.Kind.WRONG_COMMIT,
                            "at "
                                    + head.map(ObjectId::name).orElse("(no commit)") + ", locked at " + e.commit()
                                    + (applied == null
                                            ? ""
                                            : "; not explained: " + String.join("; ", applied.unexplained())),
                            List.of()));
                }
            }
            SortedSet<String> dirty = ComponentCheckout.dirtyFiles(repo);
            if (!dirty.isEmpty()) {
                out.add(new LockCheck.Finding(
                        e.path(),
                        LockCheck.Kind.DIRTY,
                        dirty.size() + " file(s) with uncommitted changes: " + String.join(", ", dirty),
                        List.copyOf(dirty)));
            }
        }
        return out;
    }
}
