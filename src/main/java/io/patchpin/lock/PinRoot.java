package io.patchpin.lock;

import java.util.Objects;
import java.util.Optional;

/**
 * One root of a pins file: a top-level repository the build starts from
 * (TheRock, and beside it e.g. pytorch or vllm).
 *
 * @param name name of the root, e.g. "TheRock"
 * @param url  where it comes from
 * @param ref  branch, tag or commit to lock
 * @param path local checkout or bare clone, relative to the pins file's folder, if given
 * @param line line of its {@code [[root]]} header in the pins file
 */
public record PinRoot(String name, String url, String ref, Optional<String> path, int line) {
    public PinRoot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(path, "path");
    }
}
