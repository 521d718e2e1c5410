package io.patchpin.lock;

import io.patchpin.workspace.Component;
import java.util.Objects;
import java.util.Optional;

/**
 * One component in a lockfile.
 *
 * @param path      path from the superproject root ("." for the superproject)
 * @param name      submodule name from the parent's .gitmodules ("." for the superproject)
 * @param parent    the parent component's path, empty for the superproject
 * @param url       relative URLs resolved against the parent's
 * @param override  whether a pins file override replaced the gitlink
 * @param available false when the commit is in no local object database (its nested components are then unknown)
 * @param source    where the commit came from when not a gitlink: "topology" (BUILD_TOPOLOGY.toml's
 *                  external_git_sources) or "manifest" (a build manifest disagreeing with the gitlink, or read without
 *                  the superproject's objects); empty for a gitlink
 */
public record LockEntry(
        String path,
        String name,
        Optional<String> parent,
        Optional<String> url,
        Optional<String> branch,
        String commit,
        boolean override,
        boolean available,
        Optional<String> source) {

    public LockEntry {
        Component.requireIdentity(path, name, commit);
        Objects.requireNonNull(parent, "parent");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(source, "source");
    }

    static LockEntry of(Component c, Optional<String> url, boolean override, Optional<String> source) {
        return new LockEntry(
                c.path(), c.name(), c.parent(), url, c.branch(), c.commit(), override, c.available(), source);
    }

    public boolean fromTopology() {
        return source.filter("topology"::equals).isPresent();
    }

    public boolean isSuperproject() {
        return path.equals(Component.SUPERPROJECT);
    }
}
