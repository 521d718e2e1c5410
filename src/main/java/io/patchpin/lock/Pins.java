package io.patchpin.lock;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A pins file {@code pins/<name>.toml}: what a maintainer wants built (format: docs/reference.md, "Lockfiles and
 * pins").
 *
 * @param dir       the folder holding the file; relative paths resolve against it
 * @param overrides by component path, sorted
 */
public record Pins(
        Path source,
        Path dir,
        String name,
        Optional<String> workspace,
        List<Root> roots,
        SortedMap<String, ComponentOverride> overrides,
        List<String> patchsets,
        String patchsetDir) {

    public static final int FORMAT = 1;

    public Pins {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workspace, "workspace");
        roots = List.copyOf(roots);
        overrides = Collections.unmodifiableSortedMap(new TreeMap<>(overrides));
        patchsets = List.copyOf(patchsets);
    }

    /** The root that is the workspace: the one named by {@code workspace}, else "TheRock", else the first. */
    public Root workspaceRoot() {
        String wanted = workspace.orElse("TheRock");
        return roots.stream().filter(r -> r.name().equals(wanted)).findFirst().orElse(roots.get(0));
    }

    public Path patchsetFolder(String patchset) {
        return dir.resolve(patchsetDir).resolve(patchset).normalize();
    }

    /**
     * One {@code [[root]]}: a top-level repository the build starts from (TheRock, and beside it e.g. pytorch).
     *
     * @param ref  branch, tag or commit to lock
     * @param path local checkout or bare clone, relative to the pins file's folder
     * @param line line of its {@code [[root]]} header
     */
    public record Root(String name, String url, String ref, Optional<String> path, int line) {
        public Root {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(ref, "ref");
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * What the pins file wants for one component instead of its gitlink: a commit (hex prefix of at least 7 digits), or
     * the tip of a branch ({@code branch} empty: the one named in {@code .gitmodules}).
     *
     * @param line line of the override's table
     */
    public record ComponentOverride(
            String path, Optional<String> commit, boolean follow, Optional<String> branch, int line) {
        public ComponentOverride {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(branch, "branch");
            if (commit.isEmpty() == !follow) {
                throw new IllegalArgumentException("an override has either 'commit' or 'follow'");
            }
        }

        /** "commit eb5ef24" or "follow develop". */
        public String describe() {
            if (!follow) {
                return "commit " + commit.orElseThrow();
            }
            return branch.map(b -> "follow " + b).orElse("follow the .gitmodules branch");
        }
    }
}
