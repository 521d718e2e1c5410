package io.patchpin.lock;

import io.patchpin.workspace.Component;

/**
 * One component in a lockfile.
 *
 * @param path      path from the superproject root ("." for the superproject)
 * @param name      submodule name from the parent's .gitmodules ("." for the superproject)
 * @param parent    the parent component's path, null for the superproject
 * @param url       URL (relative URLs resolved against the parent's), or null
 * @param branch    branch named in .gitmodules, or null
 * @param commit    40-hex commit
 * @param override  whether a pins file override replaced the gitlink
 * @param available false when the commit is in no local object database (its nested components are then unknown)
 * @param source    where the commit came from when not a gitlink: "topology" (BUILD_TOPOLOGY.toml's
 *                  external_git_sources) or "manifest" (a build manifest disagreeing with the gitlink, or
 *                  read without the superproject's objects); null for a gitlink
 */
public record LockEntry(
        String path,
        String name,
        String parent,
        String url,
        String branch,
        String commit,
        boolean override,
        boolean available,
        String source) {

    public LockEntry {
        Component.requireIdentity(path, name, commit);
    }

    /** {@code c} as locked, with the URL to write. */
    static LockEntry of(Component c, String url, boolean override, String source) {
        return new LockEntry(
                c.path(),
                c.name(),
                c.parent().orElse(null),
                url,
                c.branch().orElse(null),
                c.commit(),
                override,
                c.available(),
                source);
    }

    public boolean isSuperproject() {
        return path.equals(Component.SUPERPROJECT);
    }
}
