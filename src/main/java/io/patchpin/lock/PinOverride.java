package io.patchpin.lock;

import java.util.Objects;
import java.util.Optional;

/**
 * What a pins file wants for one component instead of its gitlink: a commit
 * (full or abbreviated hex), or the tip of a branch.
 *
 * @param path   component path from the superproject root
 * @param commit hex commit prefix (at least 7 digits), empty when following a branch
 * @param follow true to follow a branch
 * @param branch the branch to follow; empty means the branch named in {@code .gitmodules}
 * @param line   line of the override's table in the pins file
 */
public record PinOverride(String path, Optional<String> commit, boolean follow, Optional<String> branch, int line) {
    public PinOverride {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(branch, "branch");
        if (commit.isEmpty() == !follow) {
            throw new IllegalArgumentException("an override has either 'commit' or 'follow'");
        }
    }

    /** "commit eb5ef24" or "follow develop" for messages. */
    public String describe() {
        if (!follow) {
            return "commit " + commit.orElseThrow();
        }
        return branch.map(b -> "follow " + b).orElse("follow the .gitmodules branch");
    }
}
