package io.patchpin.lock;

/**
 * A pins file root as locked.
 *
 * @param commit the 40-hex commit its ref resolved to, or null when no local clone was found
 */
public record LockRoot(String name, String url, String ref, String commit) {
}
