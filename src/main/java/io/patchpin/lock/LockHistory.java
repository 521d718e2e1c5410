package io.patchpin.lock;

import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Adds history to the moves of a lock diff: commits ahead and behind and up
 * to N one-line subjects each way, where one local repository holds both
 * commits. Moves whose objects are missing are left without history.
 */
public final class LockHistory {
    private LockHistory() {}

    public static LockDiff annotate(LockDiff diff, Workspace workspace, Lock oldLock, Lock newLock, int limit) {
        LockRepositories repos = new LockRepositories(workspace, List.of(newLock, oldLock));
        List<LockDiff.Move> moved = diff.moved().stream()
                .map(m -> repos.holding(
                                m.path(), ObjectId.fromString(m.oldCommit()), ObjectId.fromString(m.newCommit()))
                        .map(r -> history(r, m, limit))
                        .orElse(m))
                .toList();
        return new LockDiff(diff.added(), diff.removed(), moved, diff.changed(), diff.patchsets());
    }

    private static LockDiff.Move history(Repository repo, LockDiff.Move m, int limit) {
        List<String> log = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        int ahead = walk(repo, m.newCommit(), m.oldCommit(), limit, log);
        int behind = walk(repo, m.oldCommit(), m.newCommit(), limit, dropped);
        return m.withHistory(ahead, behind, log, dropped);
    }

    /** Counts commits reachable from {@code from} but not {@code not}; keeps the first {@code limit} subjects. */
    private static int walk(Repository repo, String from, String not, int limit, List<String> subjects) {
        try (RevWalk walk = new RevWalk(repo)) {
            walk.markStart(walk.parseCommit(ObjectId.fromString(from)));
            walk.markUninteresting(walk.parseCommit(ObjectId.fromString(not)));
            int count = 0;
            for (RevCommit c : walk) {
                if (count++ < limit) {
                    subjects.add(c.abbreviate(12).name() + " " + c.getShortMessage());
                }
            }
            return count;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk history in " + repo.getDirectory(), e);
        }
    }
}
