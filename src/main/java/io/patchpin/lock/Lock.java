package io.patchpin.lock;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A lockfile {@code pins/<name>.lock.toml}: what a workspace resolved to. Every list is sorted (components by path,
 * patchsets as the pins file names them, .smrev digests by tag and project) so the same input always renders the same
 * bytes.
 *
 * @param name the pins file's name, empty for a lock of a bare revision
 */
public record Lock(
        Optional<String> name,
        String superproject,
        List<Root> roots,
        List<LockEntry> components,
        List<PatchsetDigest> patchsets,
        List<SmrevDigest> smrevs) {

    public static final int FORMAT = 1;

    public Lock {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(superproject, "superproject");
        roots = List.copyOf(roots);
        components = components.stream()
                .sorted(Comparator.comparing(LockEntry::path))
                .toList();
        patchsets = List.copyOf(patchsets);
        smrevs = List.copyOf(smrevs);
    }

    public Optional<LockEntry> component(String path) {
        return components.stream().filter(c -> c.path().equals(path)).findFirst();
    }

    /** This lock with only the components at {@code paths} (sync --component). */
    public Lock only(Set<String> paths) {
        return new Lock(
                name,
                superproject,
                roots,
                components.stream().filter(c -> paths.contains(c.path())).toList(),
                patchsets,
                smrevs);
    }

    /**
     * A pins file root as locked.
     *
     * @param url      where it is fetched from ("" when a manifest names no repository)
     * @param commit   the 40-hex commit its ref resolved to, empty when no local clone was found
     * @param resolved how the ref resolved, the same from any clone ({@code origin/main}, {@code tags/v7.0},
     *                 {@code commit}, {@code rev}), empty when it was not resolved from the pins file
     */
    public record Root(String name, String url, String ref, Optional<String> commit, Optional<String> resolved) {
        public Root {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(ref, "ref");
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(resolved, "resolved");
        }

        public Root(String name, String url, String ref, String commit) {
            this(name, url, ref, Optional.of(commit), Optional.empty());
        }

        public static Root unresolved(String name, String url, String ref) {
            return new Root(name, url, ref, Optional.empty(), Optional.empty());
        }

        public boolean lockedAt(String commit) {
            return this.commit.filter(commit::equals).isPresent();
        }
    }
}
