package io.patchpin.lock;

import java.util.Objects;
import java.util.Optional;

/**
 * A pins file root as locked.
 *
 * @param url      where it is fetched from ("" when a manifest names no repository)
 * @param commit   the 40-hex commit its ref resolved to, empty when no local clone was found
 * @param resolved how the ref resolved, the same from any clone ({@code origin/main}, {@code tags/v7.0},
 *                 {@code commit}, {@code rev}), empty when it was not resolved from the pins file
 */
public record LockRoot(String name, String url, String ref, Optional<String> commit, Optional<String> resolved) {
    public LockRoot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(resolved, "resolved");
    }

    public LockRoot(String name, String url, String ref, String commit) {
        this(name, url, ref, Optional.of(commit), Optional.empty());
    }

    public static LockRoot unresolved(String name, String url, String ref) {
        return new LockRoot(name, url, ref, Optional.empty(), Optional.empty());
    }

    public boolean lockedAt(String commit) {
        return this.commit.filter(commit::equals).isPresent();
    }
}
