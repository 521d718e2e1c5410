package io.patchpin.lock;

/**
 * A pins file root as locked.
 *
 * @param commit   the 40-hex commit its ref resolved to, or null when no local clone was found
 * @param resolved how the ref resolved, the same from any clone ({@code origin/main}, {@code tags/v7.0},
 *                 {@code commit}, {@code rev}), or null when it was not resolved from the pins file
 */
public record LockRoot(String name, String url, String ref, String commit, String resolved) {
    public LockRoot(String name, String url, String ref, String commit) {
        this(name, url, ref, commit, null);
    }
}
