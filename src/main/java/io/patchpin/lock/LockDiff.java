package io.patchpin.lock;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.List;

/** How two lockfiles differ; every list sorted by path (patchsets by name). */
public record LockDiff(
        List<Pinned> added,
        List<Pinned> removed,
        List<Move> moved,
        List<FieldChange> changed,
        List<FieldChange> patchsets)
        implements OperationResult {

    public LockDiff {
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        moved = List.copyOf(moved);
        changed = List.copyOf(changed);
        patchsets = List.copyOf(patchsets);
    }

    public boolean same() {
        return added.isEmpty() && removed.isEmpty() && moved.isEmpty() && changed.isEmpty() && patchsets.isEmpty();
    }

    /** 0 when the same, 1 when a difference was found. */
    @Override
    public ExitCode exitCode() {
        return same() ? ExitCode.OK : ExitCode.BROKEN;
    }

    /** A component only one side has. */
    public record Pinned(String path, String commit) {}

    /**
     * A component pinned at another commit. History is present when both commits are in one local repository.
     *
     * @param ahead   commits the new pin has that the old lacks, or null when unknown
     * @param behind  commits the old pin had that the new lacks, or null when unknown
     * @param log     up to N one-line subjects of the commits ahead, newest first
     * @param dropped up to N one-line subjects of the commits behind, newest first
     */
    public record Move(
            String path,
            String oldCommit,
            String newCommit,
            Integer ahead,
            Integer behind,
            List<String> log,
            List<String> dropped) {
        public Move {
            log = List.copyOf(log);
            dropped = List.copyOf(dropped);
        }

        public Move withHistory(int newAhead, int newBehind, List<String> newLog, List<String> newDropped) {
            return new Move(path, oldCommit, newCommit, newAhead, newBehind, newLog, newDropped);
        }
    }

    /** A field (url, branch, override, digest) of one component or patchset that changed; null when absent. */
    public record FieldChange(String path, String field, String oldValue, String newValue) {}
}
