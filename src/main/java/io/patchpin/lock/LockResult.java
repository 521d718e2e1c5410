package io.patchpin.lock;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.List;

/**
 * What {@link Locker} produced.
 *
 * @param lock     the lock; incomplete below components whose objects are missing
 * @param problems overrides that could not be resolved from local objects; when any, the lock must not be written
 * @param notes    what the user should know about how the pins resolved (a stale local branch), for stderr
 */
public record LockResult(Lock lock, List<Problem> problems, List<String> notes) implements OperationResult {
    public LockResult {
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    /** An override not resolved from local objects (a branch or commit not fetched yet): reported, never guessed. */
    public record Problem(String path, String message) {
        public String describe() {
            return path + ": " + message;
        }
    }

    /**
     * Components whose commit is in no local object database. A BUILD_TOPOLOGY.toml source is not counted: TheRock
     * fetches those only for optional source sets, its pin comes whole from the topology file, and nothing is nested
     * below it.
     */
    public List<LockEntry> missing() {
        return lock.components().stream()
                .filter(c -> !c.available() && !c.fromTopology())
                .toList();
    }

    /** The pins file's roots no commit was found for (no local clone named): marked unresolved in the lock. */
    public List<Lock.Root> unresolvedRoots() {
        return lock.roots().stream().filter(r -> r.commit().isEmpty()).toList();
    }

    @Override
    public ExitCode exitCode() {
        return problems.isEmpty() && missing().isEmpty() && unresolvedRoots().isEmpty() ? ExitCode.OK : ExitCode.BROKEN;
    }
}
