package io.patchpin.workspace;

import io.patchpin.core.Hashes;
import java.util.Objects;
import java.util.Optional;

/**
 * The superproject (path ".") or one submodule, named by its path from the
 * superproject root, at one superproject revision.
 *
 * @param path      path from the superproject root, "." for the superproject
 * @param name      submodule name from the parent's .gitmodules ("." for the superproject)
 * @param url       URL from .gitmodules (relative URLs resolved against the parent's), if any
 * @param branch    branch from .gitmodules, if any
 * @param commit    40-hex commit: the gitlink in the parent's tree
 * @param parent    path of the parent component; empty for the superproject
 * @param available whether the commit is in a local object database
 */
public record Component(
        String path,
        String name,
        Optional<String> url,
        Optional<String> branch,
        String commit,
        Optional<String> parent,
        boolean available) {

    public static final String SUPERPROJECT = ".";

    public Component {
        requireIdentity(path, name, commit);
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(parent, "parent");
    }

    public boolean inSuperproject() {
        return parent.filter(SUPERPROJECT::equals).isPresent();
    }

    /** What every record of a component needs, here and in lockfiles: a path, a name and a 40-hex commit. */
    public static void requireIdentity(String path, String name, String commit) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(name, "name");
        if (!Hashes.isObjectId(commit)) {
            throw new IllegalArgumentException("commit of " + path + " is not 40-hex: " + commit);
        }
    }

    /** The same component at {@code commit}, found in a local object database or not. */
    Component at(String commit, boolean available) {
        return new Component(path, name, url, branch, commit, parent, available);
    }

    public boolean isSuperproject() {
        return path.equals(SUPERPROJECT);
    }
}
