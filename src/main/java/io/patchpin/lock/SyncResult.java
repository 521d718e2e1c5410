package io.patchpin.lock;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What {@code sync} did: every component as locked, or refused because of uncommitted changes (nothing touched), or
 * failed midway and put back.
 *
 * @param changed    components checked out or initialised, sorted by path (empty unless done)
 * @param dirty      when refused: component path to its changed files
 * @param failure    when failed: the component that could not be synced, and why
 * @param failures   with --keep-going: each component that could not be synced (and was put back), with why; the others
 *                   in {@code changed} were synced
 */
public record SyncResult(
        List<String> changed,
        SortedMap<String, List<String>> dirty,
        Optional<Failure> failure,
        SortedMap<String, String> failures)
        implements OperationResult {
    public SyncResult {
        changed = List.copyOf(changed);
        dirty = Collections.unmodifiableSortedMap(new TreeMap<>(dirty));
        failures = Collections.unmodifiableSortedMap(new TreeMap<>(failures));
    }

    /** @param why one line */
    public record Failure(String path, String why) {}

    public SyncResult(List<String> changed, SortedMap<String, List<String>> dirty, Optional<Failure> failure) {
        this(changed, dirty, failure, new TreeMap<>());
    }

    public boolean refused() {
        return !dirty.isEmpty();
    }

    public boolean done() {
        return !refused() && failure.isEmpty() && failures.isEmpty();
    }

    @Override
    public ExitCode exitCode() {
        return done() ? ExitCode.OK : ExitCode.BROKEN;
    }
}
